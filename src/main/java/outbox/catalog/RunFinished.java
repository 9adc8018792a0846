package outbox.catalog;

import java.util.UUID;

/**
 * A run has ended (or was never created, {@link RunOutcome#NOT_STARTED}). {@code triggerKey} is
 * the idempotency key of the HR event that asked for the run, so HR knows which of its requests
 * this answers; null when no HR event asked for it (only a completed or rejected run is then
 * announced). It names the employee, the HR user who asked for the run ({@code requestedBy}) and
 * the employee's manager (null when unknown), so consumers never read workflow's tables.
 * Published by {@code workflow}, consumed by {@code hr} (the request it answers) and
 * {@code notifications} (the outcome mail of a completed or rejected run). A run that failed to
 * start and was repaired ends twice: {@link RunOutcome#START_FAILED} first, its real outcome later.
 */
@EventType(key = RunFinished.TYPE, aggregatePath = "/hr/employees/{id}")
public record RunFinished(UUID runId, UUID employeeId, RunDefinition definition, RunOutcome outcome,
		String triggerKey, String reason, String employeeName, String requestedBy, String manager) implements CatalogEvent {

	public static final String TYPE = "workflow.run.finished";

	public RunFinished {
		Events.required(employeeId, "employeeId");
		Events.required(definition, "definition");
		Events.required(outcome, "outcome");
		if (runId == null) {
			Events.requiredText(triggerKey, "triggerKey");
		}
	}

	/** A run an HR event asked for ended (or was never created): nobody else is named. */
	public RunFinished(UUID runId, UUID employeeId, RunDefinition definition, RunOutcome outcome, String triggerKey,
			String reason) {
		this(runId, employeeId, definition, outcome, triggerKey, reason, null, null, null);
	}

	@Override
	public UUID aggregateId() {
		return employeeId;
	}

	/** Whether an HR event asked for the run (HR closes its request). */
	public boolean answersHr() {
		return triggerKey != null;
	}

	/** Whether the run ended with a decision people are told of: completed or rejected. */
	public boolean concluded() {
		return runId != null && (outcome == RunOutcome.COMPLETED || outcome == RunOutcome.REJECTED);
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
