package workflow;

import java.time.Instant;
import java.util.UUID;

/**
 * A decision or run action as evidence: who, what, why, when, whether the signal reached the
 * workflow ({@code signalSentAt}) and what the workflow made of it ({@code outcome}). An action
 * not delivered yet is re-sent at {@code nextSignalAt}; after the attempt cap it is
 * {@code undeliverableAt} and waits for an admin (its run needs attention).
 */
public record Action(UUID id, UUID runId, UUID stageId, Integer round, String actor, ActionKind action, String comment,
		String idempotencyKey, Instant createdAt, Instant signalSentAt, int signalAttempts, String lastSignalError,
		ActionOutcome outcome, String outcomeReason, Instant settledAt, Instant nextSignalAt, Instant undeliverableAt) {

	public boolean settled() {
		return outcome != null;
	}

	/** Whether the signal gave up: not delivered, not settled, no more automatic attempts. */
	public boolean undeliverable() {
		return undeliverableAt != null && outcome == null && signalSentAt == null;
	}
}
