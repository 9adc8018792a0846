package outbox.catalog;

import java.util.UUID;

/**
 * A run ended with a decision people are told of: {@link RunOutcome#COMPLETED} or
 * {@link RunOutcome#REJECTED}. It names the HR user who asked for the run ({@code requestedBy},
 * null when no HR user did) and the employee's manager, so the consumer never reads workflow's
 * tables. Published by {@code workflow} beside {@link RunFinished} (which answers HR's event),
 * consumed by {@code notifications}.
 */
@EventType(key = RunConcluded.TYPE, aggregatePath = "/runs/{id}")
public record RunConcluded(UUID runId, RunDefinition definition, RunOutcome outcome, String employeeName,
		String requestedBy, String manager, String reason) implements CatalogEvent {

	public static final String TYPE = "workflow.run.concluded";

	public RunConcluded {
		Events.required(runId, "runId");
		Events.required(outcome, "outcome");
		if (outcome != RunOutcome.COMPLETED && outcome != RunOutcome.REJECTED) {
			throw new IllegalArgumentException("A run concludes completed or rejected, not " + outcome.value());
		}
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	@Override
	public String idempotencyKey() {
		return "run-concluded:" + runId;
	}
}
