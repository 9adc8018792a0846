package workflow;

import java.time.Instant;
import java.util.UUID;

/** A stage blocked for lack of approvers: why, since when, and when the workflow tries again. */
public record BlockedStage(UUID runId, String employeeName, String definitionTitle, UUID stageId, String stageTitle,
		String reason, Instant since, Instant retryAt) {
}
