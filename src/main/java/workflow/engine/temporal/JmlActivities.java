package workflow.engine.temporal;

import java.util.UUID;

import io.temporal.activity.ActivityInterface;
import workflow.RunStatus;
import workflow.projection.Activation;
import workflow.projection.DecisionOutcome;

/**
 * The workflow's side effects: projection writes, each idempotent and in its own tenant unit of
 * work. A permanent error is a non-retryable {@code ApplicationFailure} of type
 * {@link #PERMANENT_FAILURE}; "blocked" is a result, not an error; anything else (transport,
 * database availability) is retried.
 */
@ActivityInterface
public interface JmlActivities {

	String PERMANENT_FAILURE = "PermanentProjectionFailure";

	Activation activateStage(String tenantId, UUID runId, UUID stageId, int round);

	void markStartFailed(String tenantId, UUID runId, String reason);

	void markStageBlocked(String tenantId, UUID runId, UUID stageId, int round, String reason, long untilEpochMillis);

	void applyDecision(String tenantId, DecisionOutcome decision);

	void compensateGrant(String tenantId, UUID runId, UUID stageId, String grant, String reason, int step);

	void finishRun(String tenantId, UUID runId, RunStatus status, String reason);

	/** The workflow cannot go on by itself: the run needs attention (an admin repairs it). */
	void markNeedsAttention(String tenantId, UUID runId, String reason, String tried);
}
