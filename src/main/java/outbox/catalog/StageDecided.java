package outbox.catalog;

import java.util.UUID;

/**
 * An approval stage was decided in activation round {@code round}: {@code decision} is what it came
 * to, {@code decidedBy} the username whose decision closed it (null when unknown) and
 * {@code comment} what they wrote (the run page shows both). A stage needing several approvals is
 * decided by the approval that completes it (or by the first rejection or return). Published by
 * {@code workflow}, consumed by {@code notifications} (webhooks).
 */
@EventType(key = StageDecided.TYPE, aggregatePath = "/runs/{id}")
public record StageDecided(UUID runId, UUID stageId, int round, String stageTitle, RunDefinition definition,
		UUID employeeId, String employeeName, StageDecision decision, String decidedBy, String comment)
		implements CatalogEvent {

	public static final String TYPE = "workflow.stage.decided";

	public StageDecided {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.required(decision, "decision");
		Events.requiredText(stageTitle, "stageTitle");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per stage and round: a stage is decided at most once per activation. */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + stageId + ":" + round;
	}
}
