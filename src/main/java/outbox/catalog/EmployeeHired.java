package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * Joiner: HR created an employee; {@code requestedBy} is the HR user who did (null when unknown).
 * Published by {@code hr}; starts a joiner run in {@code workflow}.
 */
@EventType(key = EmployeeHired.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeHired(UUID employeeId, String displayName, String email, String department, String manager,
		LocalDate startDate, String title, String requestedBy) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.created";

	public EmployeeHired {
		EmployeeEvent.requireEmployee(employeeId, displayName);
		Events.required(startDate, "startDate");
	}

	/** Without title and requester, as events stored before they were carried read. */
	public EmployeeHired(UUID employeeId, String displayName, String email, String department, String manager,
			LocalDate startDate) {
		this(employeeId, displayName, email, department, manager, startDate, null, null);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId;
	}
}
