package workflow;

import java.time.Instant;
import java.util.UUID;

/** An active stage waiting for the reader's decision. */
public record InboxItem(UUID runId, UUID stageId, String employeeName, String department, String definitionKey,
		String definitionTitle, String stageTitle, int approvals, int requiredApprovals, Instant activatedAt,
		Integer slaHours) {
}
