package hr.web;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import hr.Employee;
import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Offboard;
import hr.EmployeeCommands.StartRun;
import hr.EmployeeCommands.Transfer;
import hr.EmployeePage;
import hr.EmployeeRun;
import hr.EmployeeQuery;
import hr.EmployeeService;
import hr.EmployeeStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.DomainException;
import platform.AppUser;

/** HR's JSON API (role HR, enforced by the platform security chain for /v1/hr/**). */
@RestController
@RequestMapping("/v1/hr/employees")
@Tag(name = "HR employees", description = "Joiners, movers and leavers; each write publishes its event through the outbox")
class EmployeeApiController {

	private final EmployeeService employees;

	EmployeeApiController(EmployeeService employees) {
		this.employees = employees;
	}

	@PostMapping
	@Operation(summary = "Hire (joiner): publishes hr.employee.created")
	@ApiResponse(responseCode = "201", description = "Hired; Location points at the employee")
	ResponseEntity<Employee> hire(@AuthenticationPrincipal AppUser user, @Valid @RequestBody Hire hire) {
		Employee created = employees.hire(user.tenantId(), user.getUsername(), hire);
		return ResponseEntity.created(URI.create("/v1/hr/employees/" + created.id())).body(created);
	}

	@GetMapping
	@Operation(summary = "List employees (keyset pagination; pass nextCursor as cursor)")
	EmployeePage list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String department, @RequestParam(required = false) String q,
			@RequestParam(required = false) String cursor, @RequestParam(defaultValue = "20") int limit) {
		return employees.list(user.tenantId(), new EmployeeQuery(status(status), department, q, cursor, limit));
	}

	@GetMapping("/{id}")
	@Operation(summary = "One employee")
	Employee get(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return employees.get(user.tenantId(), id);
	}

	@PostMapping("/{id}/transfer")
	@Operation(summary = "Transfer (mover): publishes hr.employee.transferred")
	Employee transfer(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @RequestBody Transfer transfer) {
		return employees.transfer(user.tenantId(), user.getUsername(), id, transfer);
	}

	@PostMapping("/{id}/offboard")
	@Operation(summary = "Offboard (leaver): publishes hr.employee.offboarded; a second offboard is a 409")
	Employee offboard(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @RequestBody Offboard offboard) {
		return employees.offboard(user.tenantId(), user.getUsername(), id, offboard);
	}

	@PostMapping("/{id}/runs")
	@Operation(summary = "Start a run (joiner, mover or leaver) for an existing employee: publishes "
			+ "hr.employee.run_requested; 409 while a run of that definition is open for the employee")
	@ApiResponse(responseCode = "202", description = "Requested; the run starts asynchronously (see GET .../runs)")
	ResponseEntity<EmployeeRun> requestRun(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @RequestBody StartRun request) {
		return ResponseEntity.accepted().body(employees.requestRun(user.tenantId(), user.getUsername(), id, request.runDefinition()));
	}

	@GetMapping("/{id}/runs")
	@Operation(summary = "The runs HR asked for this employee (by hire, transfer, offboarding or request) and their outcome")
	List<EmployeeRun> runs(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return employees.runs(user.tenantId(), id);
	}

	static EmployeeStatus status(String status) {
		if (status == null || status.isBlank()) {
			return null;
		}
		try {
			return EmployeeStatus.of(status.strip());
		}
		catch (IllegalArgumentException e) {
			throw new DomainException.InvalidInput("status", "must be one of pre_hire, active, offboarded");
		}
	}
}
