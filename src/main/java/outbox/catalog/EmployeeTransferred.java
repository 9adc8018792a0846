package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * Mover: HR moved an employee to another department and/or manager; {@code version} is the
 * employee's version after the move. Published by {@code hr}; starts a mover run in {@code workflow}.
 */
@EventType(key = EmployeeTransferred.TYPE)
public record EmployeeTransferred(UUID employeeId, int version, String displayName, String email,
		String fromDepartment, String department, String fromManager, String manager, LocalDate startDate)
		implements EmployeeEvent {

	public static final String TYPE = "hr.employee.transferred";

	public EmployeeTransferred {
		EmployeeEvent.requireEmployee(employeeId, displayName);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId + ":" + version;
	}
}
