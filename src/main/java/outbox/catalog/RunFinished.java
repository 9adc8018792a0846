package outbox.catalog;

import java.util.UUID;

/**
 * A run an HR event asked for has ended (or was never created, {@link RunOutcome#NOT_STARTED}).
 * {@code triggerKey} is the idempotency key of that HR event, so HR knows which of its requests
 * this answers. Published by {@code workflow}, consumed by {@code hr}. A run that failed to start
 * and was repaired ends twice: {@link RunOutcome#START_FAILED} first, its real outcome later.
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

	/**
	 * Once per run and outcome kind: a run that failed to start can be repaired and then end for
	 * good, and that second ending must not be deduplicated away as a replay of the first.
	 */
	@Override
	public String idempotencyKey() {
		String key = TYPE + ":" + (runId == null ? triggerKey : runId);
		return outcome == RunOutcome.START_FAILED ? key + ":" + outcome.value() : key;
	}
}
