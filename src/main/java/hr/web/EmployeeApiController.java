package hr.web;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.validation.Valid;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeChange;
import hr.EmployeeHistoryEntry;
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
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.Page;
import platform.DomainException;
import platform.AppUser;
import platform.ExpectedVersion;
import tools.jackson.databind.JsonNode;

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

	/** What the API says about the precondition of a PATCH. */
	static final String PATCH_IF_MATCH = """
			The ETag of the employee the change is based on, as GET (or the last write) answered it, \
			for example "3". Required: without it the answer is 428, when stale 412.""";

	@PostMapping
	@Operation(summary = "Hire (joiner): publishes hr.employee.created", description = """
			A startDate before today needs "allowBackdated": true, and may be at most a year back \
			(400 naming startDate otherwise). An employeeNumber another employee has is a 409 \
			(employee-number-taken); manager is an employee number or an approver's username.""")
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

	/** The media types a PATCH accepts: a JSON merge patch (RFC 7396), also sent as plain JSON. */
	static final String MERGE_PATCH = "application/merge-patch+json";

	@PatchMapping(path = "/{id}", consumes = { MERGE_PATCH, MediaType.APPLICATION_JSON_VALUE })
	@Operation(summary = "Change HR attributes (JSON merge patch): publishes hr.employee.updated with source api", description = """
			A member sets the attribute, null empties it, a member left out stays. Needs If-Match (428 			without it, 412 when stale). Invalid members are a 400 naming each one, and nothing is written; 			an employeeNumber another employee has is a 409. A change of department or manager starts no 			run by itself. A patch that changes nothing answers the employee as it is (same ETag).""",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = {
					@Content(mediaType = MERGE_PATCH, schema = @Schema(implementation = EmployeePatch.Body.class)),
					@Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = EmployeePatch.Body.class)) }))
	@ApiResponse(responseCode = "200", description = "Changed; ETag is the new version",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's new version", schema = @Schema(type = "string")))
	ResponseEntity<Employee> patch(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Parameter(description = PATCH_IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
			@RequestBody JsonNode body) {
		return withETag(applyPatch(user, id, ifMatch, body));
	}

	@PatchMapping(path = "/by-number/{number}", consumes = { MERGE_PATCH, MediaType.APPLICATION_JSON_VALUE })
	@Operation(summary = "Change HR attributes of the employee with this employee number (JSON merge patch)",
			description = "As PATCH /v1/hr/employees/{id}; 404 when no employee has the number.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = {
					@Content(mediaType = MERGE_PATCH, schema = @Schema(implementation = EmployeePatch.Body.class)),
					@Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = EmployeePatch.Body.class)) }))
	@ApiResponse(responseCode = "200", description = "Changed; ETag is the new version",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's new version", schema = @Schema(type = "string")))
	ResponseEntity<Employee> patchByNumber(@AuthenticationPrincipal AppUser user, @PathVariable String number,
			@Parameter(description = PATCH_IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
			@RequestBody JsonNode body) {
		Employee employee = employees.findByNumber(user.tenantId(), number)
			.orElseThrow(() -> new DomainException.NotFound("No employee has employee number " + number + "."));
		return withETag(applyPatch(user, employee.id(), ifMatch, body));
	}

	@GetMapping("/by-number/{number}")
	@Operation(summary = "The employee with this employee number; 404 when none has it")
	@ApiResponse(responseCode = "200", description = "The employee; ETag is its version, for If-Match on updates",
			headers = @Header(name = HttpHeaders.ETAG, description = "The employee's version, for If-Match", schema = @Schema(type = "string")))
	ResponseEntity<Employee> getByNumber(@AuthenticationPrincipal AppUser user, @PathVariable String number) {
		return withETag(employees.findByNumber(user.tenantId(), number)
			.orElseThrow(() -> new DomainException.NotFound("No employee has employee number " + number + ".")));
	}

	@GetMapping("/{id}/changes")
	@Operation(summary = "The employee's change history, newest first (keyset pagination; pass nextCursor as cursor)",
			description = "Each write of the employee: its version after the write, its source (console, api, import, "
					+ "sync, scim), who made it, when, and the fields it changed from → to.")
	Page<EmployeeHistoryEntry> changes(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) String cursor, @RequestParam(defaultValue = "20") int limit) {
		return employees.history(user.tenantId(), id, cursor, limit);
	}

	private Employee applyPatch(AppUser user, UUID id, String ifMatch, JsonNode body) {
		// the body's problems first: a 400 says everything wrong with it, whatever the version
		EmployeeChange change = EmployeePatch.parse(body);
		return employees.changeExpecting(user.tenantId(), user.getUsername(), id, change, ChangeSource.API,
				ExpectedVersion.of(ifMatch, null));
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
		return ExpectedVersion.withETag(employee, employee.version());
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
