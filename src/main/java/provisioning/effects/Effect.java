package provisioning.effects;

import java.time.Instant;
import java.util.UUID;

/**
 * One effect as the API shows it: what grant change ({@code grant} of {@code stageId} of
 * {@code runId}) it carries to which {@code target} ({@code operation} {@code ensure},
 * {@code undo}, {@code enable} for an account created disabled until the start date or a
 * revocation taken back, or a revocation's {@code disable} and later {@code delete}), due from
 * {@code scheduledFor}, where it is in its life, and the receipt the directory read back (JSON).
 */
public record Effect(UUID id, UUID runId, UUID stageId, String grant, UUID employeeId, String target, String operation,
		String status, Instant scheduledFor, int attempts, String lastError, String receipt, Instant settledAt) {
}
