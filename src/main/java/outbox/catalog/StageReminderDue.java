package outbox.catalog;

import java.util.List;
import java.util.UUID;

/**
 * A stage passed its SLA; {@code round} is the stage's activation round, so each activation is
 * reminded once. Published and consumed by {@code workflow}.
 */
@EventType(key = StageReminderDue.TYPE, aggregatePath = "/runs/{id}")
public record StageReminderDue(UUID runId, UUID stageId, int round, String stageName, List<String> assignees,
		long overdueHours) implements CatalogEvent {

	public static final String TYPE = "workflow.stage.reminder_due";

	public StageReminderDue {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		assignees = assignees == null ? List.of() : List.copyOf(assignees);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	@Override
	public String idempotencyKey() {
		return "reminder:" + stageId + ":" + round;
	}
}
