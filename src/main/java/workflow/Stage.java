package workflow;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A stage of a run (a snapshot of its definition stage) and its progress. */
public record Stage(UUID id, UUID runId, int position, String name, String title, String kind, String assignee,
		int requiredApprovals, List<String> grants, Integer slaHours, String status, int round, int approvals,
		List<String> assignees, Instant activatedAt, Instant decidedAt, Instant blockedUntil, String blockedReason,
		Instant reminderPublishedAt, Instant remindedAt) {

	public static final String PENDING = "pending";
	public static final String BLOCKED = "blocked";
	public static final String ACTIVE = "active";
	public static final String RETURNED = "returned";
	public static final String APPROVED = "approved";
	public static final String COMPLETED = "completed";
	public static final String REJECTED = "rejected";
	public static final String WITHDRAWN = "withdrawn";

	/** The SLA deadline of an active stage, or null. */
	public Instant dueAt() {
		return activatedAt == null || slaHours == null ? null : activatedAt.plusSeconds(slaHours * 3600L);
	}
}
