package workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A stage of a run (a snapshot of its definition stage) and its progress. {@code delegatedFor}
 * maps an assignee who holds the assignment for someone else (an out-of-office delegate) to that
 * person; {@code distinctFrom} names the earlier stage whose approvers may not approve this one;
 * {@code notice} says what a reader should know about how it ended (a notify stage with nobody to
 * notify), else null; {@code strandedAt} is set while an activated stage is blocked because none of
 * its assignees can decide any more. {@code reminders} and {@code escalation} are the definition's
 * (null: none); {@code remindersSent}, {@code escalationWarnedAt}, {@code escalatedAt},
 * {@code escalatedTo} (the approvers the escalation added, or told) and {@code escalationNote} (why,
 * or why nobody could be added) are this round's progress through them.
 */
public record Stage(UUID id, UUID runId, int position, String name, String title, StageKind kind, String assignee,
		int requiredApprovals, List<String> grants, Integer slaHours, StageStatus status, int round, int approvals,
		List<String> assignees, Instant activatedAt, Instant decidedAt, Instant blockedUntil, String blockedReason,
		Instant reminderPublishedAt, Instant remindedAt, Map<String, String> delegatedFor, String distinctFrom,
		String notice, Instant strandedAt, ReminderCadence reminders, EscalationPolicy escalation, int remindersSent,
		Instant escalationWarnedAt, Instant escalatedAt, List<String> escalatedTo, String escalationNote) {

	/** The reminders of this stage: its own cadence, else one when its SLA passes, else none (null). */
	public ReminderCadence cadence() {
		return reminders != null ? reminders : ReminderCadence.ofSla(slaHours);
	}

	/** Activated, then blocked because its assignees can no longer decide: it is not waiting for a retry. */
	public boolean stranded() {
		return status == StageStatus.BLOCKED && strandedAt != null;
	}

	/** The SLA deadline of an active stage, or null. */
	public Instant dueAt() {
		return dueAt(activatedAt, slaHours);
	}

	/** The SLA deadline of a stage activated at {@code activatedAt}, or null without activation or SLA. */
	public static Instant dueAt(Instant activatedAt, Integer slaHours) {
		return activatedAt == null || slaHours == null ? null : activatedAt.plus(Duration.ofHours(slaHours));
	}
}
