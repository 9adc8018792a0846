package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * HR edited an employee's editable fields; {@code version} is the employee's version after the
 * edit. Published by {@code hr}; {@code workflow} brings the snapshot of the employee's open runs
 * up to date, and when {@code resubmitRunId} names a returned run, resubmits it as
 * {@code requestedBy} (the edit-and-resubmit of HR's queue), so the run goes on with the new data.
 */
@EventType(key = EmployeeUpdated.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeUpdated(UUID employeeId, int version, String displayName, String email, String department,
		String manager, String title, LocalDate startDate, LocalDate lastDay, UUID resubmitRunId, String requestedBy)
		implements EmployeeEvent {

	public static final String TYPE = "hr.employee.updated";

	public EmployeeUpdated {
		EmployeeEvent.requireEmployee(employeeId, displayName);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId + ":" + version;
	}
}
