package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/** Joiner: HR created an employee. Published by {@code hr}; starts a joiner run in {@code workflow}. */
@EventType(key = EmployeeHired.TYPE)
public record EmployeeHired(UUID employeeId, String displayName, String email, String department, String manager,
		LocalDate startDate) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.created";

	public EmployeeHired {
		EmployeeEvent.requireEmployee(employeeId, displayName);
		Events.required(startDate, "startDate");
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId;
	}
}
