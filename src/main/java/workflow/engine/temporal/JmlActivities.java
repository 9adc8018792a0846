package workflow.engine.temporal;

import java.util.List;

import io.temporal.activity.ActivityInterface;

/**
 * The workflow's side effects: projection writes, each idempotent and in its own tenant unit of
 * work. A permanent error is a non-retryable {@code ApplicationFailure} of type
 * {@link #PERMANENT_FAILURE}; "blocked" is a result, not an error; anything else (transport,
 * database availability) is retried.
 */
@ActivityInterface
public interface JmlActivities {

	String PERMANENT_FAILURE = "PermanentProjectionFailure";

	Activation activateStage(String tenantId, String runId, String stageId, int round);

	void markStartFailed(String tenantId, String runId, String reason);

	void markStageBlocked(String tenantId, String runId, String stageId, int round, String reason, long untilEpochMillis);

	void applyDecision(String tenantId, DecisionRecord decision);

	void compensateGrant(String tenantId, String runId, String stageId, String grant, String reason, int step);

	void finishRun(String tenantId, String runId, String status, String reason);

	/** {@code state}: ACTIVE, NOTIFIED, BLOCKED or RUN_CLOSED. */
	record Activation(String state, List<String> assignees, String reason) {
	}

	/** See {@code RunProjection.DecisionOutcome}. */
	record DecisionRecord(String runId, String actionId, String outcome, String reason, String stageId, int round,
			String stageStatus, int approvals, String runStatus) {
	}
}
