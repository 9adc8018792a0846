package outbox.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reminder {@code reminder} (1-based; of at most {@code of}) of an active stage in {@code round}
 * is due: its {@code assignees} have not decided. {@code delegatedFor} maps an assignee who holds
 * the assignment for someone else to that person; {@code dueAt} is the SLA deadline (null without
 * one) and {@code overdueHours} how far past it the stage is (0 when it is not, or has none). It
 * carries what the reminder mail says. Published by {@code workflow}'s reminders job (which records
 * it on the stage), consumed by {@code notifications}.
 */
@EventType(key = StageReminderDue.TYPE, aggregatePath = "/runs/{id}")
public record StageReminderDue(UUID runId, UUID stageId, int round, String stageName, List<String> assignees,
		long overdueHours, int reminder, int of, String stageTitle, String employeeName, Map<String, String> delegatedFor,
		Instant dueAt) implements CatalogEvent {

	public static final String TYPE = "workflow.stage.reminder_due";

	public StageReminderDue {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		assignees = assignees == null ? List.of() : List.copyOf(assignees);
		delegatedFor = delegatedFor == null ? Map.of() : Map.copyOf(delegatedFor);
		// an event stored before reminders were numbered was the one reminder of its round
		reminder = Math.max(reminder, 1);
		of = Math.max(of, reminder);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per stage, round and reminder number. */
	@Override
	public String idempotencyKey() {
		return "reminder:" + stageId + ":" + round + ":" + reminder;
	}
}
