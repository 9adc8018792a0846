package outbox.catalog;

import java.util.List;
import java.util.UUID;

/**
 * Nobody decided an active stage in {@code round} in time: it escalated to {@code targets} (the
 * manager of the employee's manager, or a group's members), who are told; {@code addedAsApprovers}
 * when they became eligible assignees of the stage (they may now decide it). {@code reason} says
 * why, in words. Published by {@code workflow}'s reminders job, consumed by {@code notifications}.
 */
@EventType(key = StageEscalated.TYPE, aggregatePath = "/runs/{id}")
public record StageEscalated(UUID runId, UUID stageId, int round, String stageTitle, String employeeName,
		List<String> targets, boolean addedAsApprovers, String reason) implements CatalogEvent {

	public static final String TYPE = "workflow.stage.escalated";

	public StageEscalated {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		targets = targets == null ? List.of() : List.copyOf(targets);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per stage and round. */
	@Override
	public String idempotencyKey() {
		return "escalated:" + stageId + ":" + round;
	}
}
