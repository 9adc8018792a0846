package workflow;

import java.util.UUID;

import outbox.catalog.GrantState;

/**
 * One grant change to carry out: the grant {@code grant} of stage {@code stageId} of run
 * {@code runId} was {@code granted} (give it to the employee) or {@code compensated} (take it back).
 * The employee is named by id and work email; {@code idempotencyKey} is the same for every delivery
 * of this change.
 */
public record ProvisioningRequest(String tenantId, UUID runId, UUID stageId, String grant, GrantState status,
		UUID employeeId, String employeeEmail, String idempotencyKey) {
}
