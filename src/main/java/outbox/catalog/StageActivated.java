package outbox.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * An approval stage became active in {@code round}: its {@code assignees} may now decide it.
 * {@code delegatedFor} maps an assignee who holds the assignment for someone else (an
 * out-of-office delegate) to that person; {@code grants} are what approving grants; {@code dueAt}
 * is its SLA deadline (null without one). It carries what the assignment mail says, so the
 * consumer never reads workflow's tables. Published by {@code workflow}, consumed by
 * {@code notifications}.
 */
@EventType(key = StageActivated.TYPE, aggregatePath = "/runs/{id}")
public record StageActivated(UUID runId, UUID stageId, int round, String stageTitle, RunDefinition definition,
		String employeeName, List<String> assignees, Map<String, String> delegatedFor, List<String> grants,
		Instant dueAt) implements CatalogEvent {

	public static final String TYPE = "workflow.stage.activated";

	public StageActivated {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.requiredText(stageTitle, "stageTitle");
		assignees = assignees == null ? List.of() : List.copyOf(assignees);
		delegatedFor = delegatedFor == null ? Map.of() : Map.copyOf(delegatedFor);
		grants = grants == null ? List.of() : List.copyOf(grants);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per activation: a stage returned and activated again is a new assignment. */
	@Override
	public String idempotencyKey() {
		return "stage-activated:" + stageId + ":" + round;
	}
}
