package outbox.catalog;

import java.util.UUID;

/**
 * HR cancelled an employee's offboarding while its leaver run was open: the run asked for by the
 * HR event with {@code leaverTriggerKey} is to be withdrawn, on behalf of {@code cancelledBy}.
 * Published by {@code hr}; {@code workflow} withdraws the run (a run that has ended meanwhile
 * stays as it ended, and HR learns how from its {@link RunFinished}).
 */
@EventType(key = EmployeeOffboardingCancelled.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeOffboardingCancelled(UUID employeeId, String displayName, String leaverTriggerKey,
		String cancelledBy) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.offboarding_cancelled";

	public EmployeeOffboardingCancelled {
		EmployeeEvent.requireEmployee(employeeId, displayName);
		Events.requiredText(leaverTriggerKey, "leaverTriggerKey");
		Events.requiredText(cancelledBy, "cancelledBy");
	}

	@Override
	public String idempotencyKey() {
		// one cancellation per leaver run
		return TYPE + ":" + leaverTriggerKey;
	}
}
