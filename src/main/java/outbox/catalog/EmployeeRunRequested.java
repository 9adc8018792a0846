package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * HR asked for a run of {@code definition} for an existing employee (a joiner that never got one,
 * a leaver to repeat...). Published by {@code hr}; {@code workflow} starts the run whatever its
 * auto-start setting, since a person asked for it. {@code effectiveDate} is the start date of a
 * joiner or the last day of a leaver.
 */
@EventType(key = EmployeeRunRequested.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeRunRequested(UUID requestId, UUID employeeId, String displayName, String email,
		String department, String manager, RunDefinition definition, LocalDate effectiveDate, String title,
		String requestedBy) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.run_requested";

	public EmployeeRunRequested {
		Events.required(requestId, "requestId");
		EmployeeEvent.requireEmployee(employeeId, displayName);
		Events.required(definition, "definition");
	}

	/** Without title and requester, as events stored before they were carried read. */
	public EmployeeRunRequested(UUID requestId, UUID employeeId, String displayName, String email, String department,
			String manager, RunDefinition definition, LocalDate effectiveDate) {
		this(requestId, employeeId, displayName, email, department, manager, definition, effectiveDate, null, null);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + requestId;
	}
}
