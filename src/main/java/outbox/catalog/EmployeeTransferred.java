package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * Mover: HR moved an employee to another department and/or manager; {@code version} is the
 * employee's version after the move. {@code effectiveDate} is the day the move takes effect in the
 * directories (null in payloads stored before it was carried: at approval). Published by
 * {@code hr}; starts a mover run in {@code workflow}.
 */
@EventType(key = EmployeeTransferred.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeTransferred(UUID employeeId, int version, String displayName, String email,
		String fromDepartment, String department, String fromManager, String manager, LocalDate startDate, String title,
		String requestedBy, LocalDate effectiveDate) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.transferred";

	public EmployeeTransferred {
		EmployeeEvent.requireEmployee(employeeId, displayName);
	}

	/** Without the effective date, as events stored before it was carried read. */
	public EmployeeTransferred(UUID employeeId, int version, String displayName, String email, String fromDepartment,
			String department, String fromManager, String manager, LocalDate startDate, String title,
			String requestedBy) {
		this(employeeId, version, displayName, email, fromDepartment, department, fromManager, manager, startDate, title,
				requestedBy, null);
	}

	/** Without title and requester, as events stored before they were carried read. */
	public EmployeeTransferred(UUID employeeId, int version, String displayName, String email, String fromDepartment,
			String department, String fromManager, String manager, LocalDate startDate) {
		this(employeeId, version, displayName, email, fromDepartment, department, fromManager, manager, startDate, null,
				null, null);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId + ":" + version;
	}
}
