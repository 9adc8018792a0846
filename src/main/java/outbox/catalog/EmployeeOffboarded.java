package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * Leaver: HR offboarded an employee as of {@code lastDay}; offboarding is final, so there is one
 * per employee. Published by {@code hr}; starts a leaver run in {@code workflow}. Stored events of
 * the former {@code hr.employee.status_changed} type are read as this record.
 */
@EventType(key = EmployeeOffboarded.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeOffboarded(UUID employeeId, String displayName, String email, String department,
		String manager, LocalDate lastDay, String title, String requestedBy) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.offboarded";

	public EmployeeOffboarded {
		EmployeeEvent.requireEmployee(employeeId, displayName);
		Events.required(lastDay, "lastDay");
	}

	/** Without title and requester, as events stored before they were carried read. */
	public EmployeeOffboarded(UUID employeeId, String displayName, String email, String department, String manager,
			LocalDate lastDay) {
		this(employeeId, displayName, email, department, manager, lastDay, null, null);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId;
	}
}
