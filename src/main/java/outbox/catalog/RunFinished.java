package outbox.catalog;

import java.util.UUID;

/**
 * A run an HR event asked for has ended (or was never created, {@link RunOutcome#NOT_STARTED}).
 * {@code triggerKey} is the idempotency key of that HR event, so HR knows which of its requests
 * this answers. Published by {@code workflow}, consumed by {@code hr}.
 */
@EventType(key = RunFinished.TYPE, aggregatePath = "/hr/employees/{id}")
public record RunFinished(UUID runId, UUID employeeId, RunDefinition definition, RunOutcome outcome,
		String triggerKey, String reason) implements CatalogEvent {

	public static final String TYPE = "workflow.run.finished";

	public RunFinished {
		Events.required(employeeId, "employeeId");
		Events.required(definition, "definition");
		Events.required(outcome, "outcome");
		Events.requiredText(triggerKey, "triggerKey");
	}

	@Override
	public UUID aggregateId() {
		return employeeId;
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + (runId == null ? triggerKey : runId);
	}
}
