package outbox.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * An active stage in {@code round} escalates at {@code escalatesAt} unless its {@code assignees}
 * decide: they are warned. {@code escalatesTo} says to whom in words ("the manager of the
 * employee's manager", "group security"); {@code delegatedFor} maps a delegate to the person they
 * stand in for. Published by {@code workflow}'s reminders job, consumed by {@code notifications}.
 */
@EventType(key = StageEscalationWarning.TYPE, aggregatePath = "/runs/{id}")
public record StageEscalationWarning(UUID runId, UUID stageId, int round, String stageTitle, String employeeName,
		List<String> assignees, Map<String, String> delegatedFor, Instant escalatesAt, String escalatesTo)
		implements CatalogEvent {

	public static final String TYPE = "workflow.stage.escalation_warning";

	public StageEscalationWarning {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.required(escalatesAt, "escalatesAt");
		assignees = assignees == null ? List.of() : List.copyOf(assignees);
		delegatedFor = delegatedFor == null ? Map.of() : Map.copyOf(delegatedFor);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per stage and round. */
	@Override
	public String idempotencyKey() {
		return "escalation-warning:" + stageId + ":" + round;
	}
}
