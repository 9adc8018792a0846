package hr.web;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeCommands.CancelOffboarding;
import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Offboard;
import hr.EmployeeCommands.StartRun;
import hr.EmployeeRun;
import hr.EmployeeQuery;
import hr.EmployeeService;
import hr.EmployeeStatus;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.Page;
import platform.DomainException;
import platform.AppUser;
import platform.ExpectedVersion;

/** HR's JSON API (role HR, enforced by the platform security chain for /v1/hr/**). */
@RestController
@RequestMapping("/v1/hr/employees")
@Tag(name = "HR employees", description = "Joiners, movers and leavers; each write publishes its event through the outbox")
class EmployeeApiController {

	private final EmployeeService employees;

	EmployeeApiController(EmployeeService employees) {
		this.employees = employees;
	}

	/** What the API says about the precondition of every update. */
	static final String IF_MATCH = """
			The ETag of the employee the change is based on, as GET (or the last write) answered it, \
			for example "3". Either this or "version" in the body is required: without both the answer is \
			428; a stale If-Match is 412, a stale version 409 (type stale).""";

	@PostMapping
	@Operation(summary = "Hire (joiner): publishes hr.employee.created", description = """
			A startDate before today needs "allowBackdated": true, and may be at most a year back \
			(400 naming startDate otherwise).""")
	@ApiResponse(responseCode = "201", description = "Hired; Location points at the employee",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's version, for If-Match", schema = @Schema(type = "string")))
	ResponseEntity<Employee> hire(@AuthenticationPrincipal AppUser user, @Valid @RequestBody Hire hire) {
		Employee created = employees.hire(user.tenantId(), user.getUsername(), hire, ChangeSource.API);
		return ResponseEntity.created(URI.create("/v1/hr/employees/" + created.id()))
			.eTag(ExpectedVersion.etag(created.version()))
			.body(created);
	}

	@GetMapping
	@Operation(summary = "List employees (keyset pagination; pass nextCursor as cursor)")
	Page<Employee> list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String department, @RequestParam(required = false) String q,
			@RequestParam(required = false) String cursor, @RequestParam(defaultValue = "20") int limit) {
		return employees.list(user.tenantId(), new EmployeeQuery(status(status), department, q, cursor, limit));
	}

	@GetMapping("/{id}")
	@Operation(summary = "One employee")
	@ApiResponse(responseCode = "200", description = "The employee; ETag is its version, for If-Match on updates",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's version, for If-Match", schema = @Schema(type = "string")))
	ResponseEntity<Employee> get(@AuthenticationPrincipal AppUser user, @PathVariable UUID id) {
		return withETag(employees.get(user.tenantId(), id));
	}

	@PostMapping("/{id}/transfer")
	@Operation(summary = "Transfer (mover): publishes hr.employee.transferred", description = """
			Fields left out stay as they are; "manager": null removes the manager. Needs If-Match or \
			"version" (428 without both).""")
	@ApiResponse(responseCode = "200", description = "Transferred; ETag is the new version",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's new version", schema = @Schema(type = "string")))
	ResponseEntity<Employee> transfer(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Parameter(description = IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
			@Valid @RequestBody TransferBody transfer) {
		return withETag(employees.transfer(user.tenantId(), user.getUsername(), id, transfer.move(),
				ExpectedVersion.of(ifMatch, transfer.getVersion()), ChangeSource.API));
	}

	@PostMapping("/{id}/offboard")
	@Operation(summary = "Offboard (leaver): publishes hr.employee.offboarded; a second offboard is a 409",
			description = "Needs If-Match or \"version\" (428 without both).")
	@ApiResponse(responseCode = "200", description = "Offboarded; ETag is the new version",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's new version", schema = @Schema(type = "string")))
	ResponseEntity<Employee> offboard(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Parameter(description = IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
			@Valid @RequestBody Offboard offboard) {
		return withETag(employees.offboard(user.tenantId(), user.getUsername(), id, offboard, ExpectedVersion.of(ifMatch, offboard.version()), ChangeSource.API));
	}

	@PostMapping("/{id}/offboarding/cancel")
	@Operation(summary = "Cancel a scheduled offboarding (the employee is leaving): the employee returns to its former "
			+ "status and the open leaver run is withdrawn through hr.employee.offboarding_cancelled; 409 once the "
			+ "employee has left or when it is not leaving")
	@ApiResponse(responseCode = "200", description = "Cancelled; the employee as it is now")
	Employee cancelOffboarding(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @RequestBody(required = false) CancelOffboarding cancel) {
		return employees.cancelOffboarding(user.tenantId(), id, cancel == null ? null : cancel.version(),
				user.getUsername(), ChangeSource.API);
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

	private static ResponseEntity<Employee> withETag(Employee employee) {
		return ResponseEntity.ok().eTag(ExpectedVersion.etag(employee.version())).body(employee);
	}

	static EmployeeStatus status(String status) {
		if (status == null || status.isBlank()) {
			return null;
		}
		try {
			return EmployeeStatus.of(status.strip());
		}
		catch (IllegalArgumentException e) {
			throw new DomainException.InvalidInput("status", "must be one of " + String.join(", ", EmployeeStatus.VALUES));
		}
	}
}
