package outbox.catalog;

import java.util.List;
import java.util.UUID;

/**
 * A "Notify" stage of a run was reached in {@code round}: its {@code recipients} (the members of
 * its group) are told about the run. It carries what the mail says, so the consumer never reads
 * workflow's tables. Published by {@code workflow} in the transaction that closes the stage,
 * consumed by {@code notifications}.
 */
@EventType(key = StageNotified.TYPE, aggregatePath = "/runs/{id}")
public record StageNotified(UUID runId, UUID stageId, int round, String stageTitle, RunDefinition definition,
		String employeeName, List<String> recipients) implements CatalogEvent {

	public static final String TYPE = "workflow.stage.notified";

	public StageNotified {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.requiredText(stageTitle, "stageTitle");
		recipients = recipients == null ? List.of() : List.copyOf(recipients);
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + stageId + ":" + round;
	}
}
