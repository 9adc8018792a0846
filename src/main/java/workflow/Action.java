package workflow;

import java.time.Instant;
import java.util.UUID;

/**
 * A decision or run action as evidence: who, what, why, when, whether the signal reached the
 * workflow ({@code signalSentAt}) and what the workflow made of it ({@code outcome}).
 */
public record Action(UUID id, UUID runId, UUID stageId, Integer round, String actor, ActionKind action, String comment,
		String idempotencyKey, Instant createdAt, Instant signalSentAt, int signalAttempts, String lastSignalError,
		ActionOutcome outcome, String outcomeReason, Instant settledAt) {

	public boolean settled() {
		return outcome != null;
	}
}
