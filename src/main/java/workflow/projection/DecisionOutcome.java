package workflow.projection;

import java.util.UUID;

import workflow.ActionOutcome;
import workflow.RunStatus;
import workflow.StageStatus;

/**
 * A decision as the workflow judged it, with the stage and run state it leads to: {@code stageId}
 * and {@code stageStatus} are null when the stage does not change, {@code runStatus} when the run
 * does not.
 */
public record DecisionOutcome(UUID runId, UUID actionId, ActionOutcome outcome, String reason, UUID stageId, int round,
		StageStatus stageStatus, int approvals, RunStatus runStatus) {
}
