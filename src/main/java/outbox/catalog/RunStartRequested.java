package outbox.catalog;

import java.util.UUID;

/** Second hop of the start chain: start the run's workflow. Published and consumed by {@code workflow}. */
@EventType(key = RunStartRequested.TYPE, aggregatePath = "/runs/{id}")
public record RunStartRequested(UUID runId) implements CatalogEvent {

	public static final String TYPE = "workflow.run.start_requested";

	public RunStartRequested {
		Events.required(runId, "runId");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	@Override
	public String idempotencyKey() {
		return "start:" + runId;
	}
}
