package workflow;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What a runs-list row shows of the run's current stage: who it waits on (the assignees who have
 * not decided yet in this round, with display names where the directory has them), its SLA
 * deadline and whether it is past it, and why it is blocked when it is.
 */
public record CurrentStage(UUID id, String name, String title, StageKind kind, StageStatus status, int approvals,
		int requiredApprovals, List<String> waitingOn, List<String> waitingOnNames, Instant activatedAt, Instant dueAt,
		boolean overdue, String blockedReason, Instant blockedSince) {

	public boolean blocked() {
		return status == StageStatus.BLOCKED;
	}
}
