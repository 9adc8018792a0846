package workflow.store;

import java.time.Instant;
import java.util.UUID;

import workflow.RunStatus;

/**
 * A run the projection thinks is live, as the reconciliation reads it: its execution, and when it
 * was last checked ({@code checkedAt}: its start when never checked), the round's cursor.
 */
public record LiveRun(UUID id, String workflowId, String executionId, RunStatus status, Instant checkedAt) {
}
