package outbox.catalog;

import java.util.UUID;

/**
 * An approver returned a run at stage {@code stageId} in activation round {@code round}: it waits
 * for the HR user who asked for it ({@code requestedBy}, null when no HR user did) to edit and
 * resubmit. {@code returnedBy} is the approver's username and {@code comment} what they wrote (the
 * run page shows both). It carries what the mail says, so the consumer never reads workflow's
 * tables. Published by {@code workflow}, consumed by {@code notifications}.
 */
@EventType(key = RunReturned.TYPE, aggregatePath = "/runs/{id}")
public record RunReturned(UUID runId, UUID stageId, int round, String stageTitle, RunDefinition definition,
		String employeeName, String requestedBy, String returnedBy, String comment) implements CatalogEvent {

	public static final String TYPE = "workflow.run.returned";

	public RunReturned {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.requiredText(stageTitle, "stageTitle");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per return: a stage is returned at most once per activation round. */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + stageId + ":" + round;
	}
}
