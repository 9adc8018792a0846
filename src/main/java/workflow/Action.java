package workflow;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * A decision or run action as evidence: who, what, why, when, whether the signal reached the
 * workflow ({@code signalSentAt}) and what the workflow made of it ({@code outcome}).
 */
public record Action(UUID id, UUID runId, UUID stageId, Integer round, String actor, String action, String comment,
		String idempotencyKey, Instant createdAt, Instant signalSentAt, int signalAttempts, String lastSignalError,
		String outcome, String outcomeReason, Instant settledAt) {

	public static final String APPROVE = "approve";
	public static final String REJECT = "reject";
	public static final String RETURN = "return";
	public static final String WITHDRAW = "withdraw";
	public static final String RESUBMIT = "resubmit";

	public static final Set<String> DECISIONS = Set.of(APPROVE, REJECT, RETURN);
	public static final Set<String> ALL = Set.of(APPROVE, REJECT, RETURN, WITHDRAW, RESUBMIT);

	public static final String APPLIED = "applied";
	public static final String IGNORED = "ignored";

	public boolean settled() {
		return outcome != null;
	}
}
