package provisioning;

import java.util.UUID;

import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;

/**
 * One grant change to carry out: the grant {@code grant} of stage {@code stageId} of run
 * {@code runId} (a {@code definition} run) was {@code granted} (give it to the employee) or
 * {@code compensated} (take it back). {@code employee} is the employee as the run knew them (null
 * for an event stored before it was carried); {@code idempotencyKey} is the same for every
 * delivery of this change.
 */
public record ProvisioningRequest(String tenantId, UUID runId, UUID stageId, String grant, GrantState status,
		UUID employeeId, RunDefinition definition, GrantRecorded.Employee employee, String idempotencyKey) {

	/** The employee's work email, null when unknown. */
	public String employeeEmail() {
		return employee == null ? null : employee.email();
	}
}
