package outbox.catalog;

import java.util.UUID;

/**
 * A run started: its first stage became active (a run whose first stage waits for approvers starts
 * when one can decide it). It names the employee, the HR user who asked for the run
 * ({@code requestedBy}, null when none did) and the employee's manager (null when unknown).
 * Published by {@code workflow}, consumed by {@code notifications} (webhooks).
 */
@EventType(key = RunStarted.TYPE, aggregatePath = "/runs/{id}")
public record RunStarted(UUID runId, UUID employeeId, RunDefinition definition, String employeeName,
		String requestedBy, String manager) implements CatalogEvent {

	public static final String TYPE = "workflow.run.started";

	public RunStarted {
		Events.required(runId, "runId");
		Events.required(employeeId, "employeeId");
		Events.required(definition, "definition");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/** Once per run. */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + runId;
	}
}
