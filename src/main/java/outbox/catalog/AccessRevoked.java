package outbox.catalog;

import java.time.Instant;
import java.util.UUID;

/**
 * A leaver's revocation took effect: every effect that grant {@code grant} of stage
 * {@code stageId} of leaver run {@code runId} planned to take the employee's access away has
 * settled (applied, or skipped when the target held no account), at {@code revokedAt}.
 * {@code accounts} is how many directory accounts were disabled; 0 when no entitlement maps the
 * grant to a revocation, and then it is published as soon as the grant is recorded. Published by
 * {@code provisioning}; consumed by {@code hr}, which then marks the employee {@code left}.
 */
@EventType(key = AccessRevoked.TYPE, aggregatePath = "/hr/employees/{id}")
public record AccessRevoked(UUID employeeId, UUID runId, UUID stageId, String grant, int accounts, Instant revokedAt)
		implements CatalogEvent {

	public static final String TYPE = "provisioning.access.revoked";

	public AccessRevoked {
		Events.required(employeeId, "employeeId");
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.requiredText(grant, "grant");
		Events.required(revokedAt, "revokedAt");
	}

	@Override
	public UUID aggregateId() {
		return employeeId;
	}

	@Override
	public String idempotencyKey() {
		// one revocation per stage and grant
		return TYPE + ":" + stageId + ":" + grant;
	}
}
