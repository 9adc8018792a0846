package outbox.catalog;

import java.util.UUID;

/**
 * A provisioning effect failed for good (its retry budget spent, or a failure retrying cannot
 * change) after {@code attempts} attempts: the {@code operation} of grant {@code grant} of run
 * {@code runId} on target {@code target} for the employee, with the last error as the effects page
 * shows it (never a secret: directory errors carry no credentials). Published by
 * {@code provisioning}, consumed by {@code notifications} (the tenant's admins are told).
 */
@EventType(key = EffectFailed.TYPE, aggregatePath = "/runs/{id}")
public record EffectFailed(UUID effectId, UUID runId, UUID employeeId, String employeeName, String grant,
		String target, String operation, int attempts, String error) implements CatalogEvent {

	public static final String TYPE = "provisioning.effect.failed";

	public EffectFailed {
		Events.required(effectId, "effectId");
		Events.required(runId, "runId");
		Events.requiredText(target, "target");
		Events.requiredText(operation, "operation");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per failure for good: an admin's retry that fails again fails after more attempts. */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + effectId + ":" + attempts;
	}
}
