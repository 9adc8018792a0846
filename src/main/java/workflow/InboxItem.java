package workflow;

import java.time.Instant;
import java.util.UUID;

/**
 * An active stage waiting for the reader's decision; {@code delegatedFor} is the approver the
 * reader holds it for (an out-of-office delegation), null when it is the reader's own;
 * {@code escalatedToMe}: the reader was added to it by its escalation.
 */
public record InboxItem(UUID runId, UUID stageId, String employeeName, String department, String definitionKey,
		String definitionTitle, String stageTitle, int approvals, int requiredApprovals, Instant activatedAt,
		Integer slaHours, String delegatedFor, boolean escalatedToMe) {

	/**
	 * Whether the reader's approval alone completes the stage (its quorum is one approval away):
	 * only such stages may be approved in bulk, where nobody reads each run.
	 */
	public boolean oneApprovalDecides() {
		return requiredApprovals - approvals <= 1;
	}
}
