package outbox.catalog;

import java.time.Instant;
import java.util.UUID;

/**
 * A run became {@code start_failed} or {@code needs_attention} at {@code since}: an ADMIN must
 * repair it. {@code reason} is what the run page says. Published by {@code workflow} in the
 * transaction that moves the run, consumed by {@code notifications} (the tenant's admins are told).
 */
@EventType(key = RunNeedsAdmin.TYPE, aggregatePath = "/runs/{id}")
public record RunNeedsAdmin(UUID runId, RunDefinition definition, String employeeName, RunProblem problem,
		String reason, Instant since) implements CatalogEvent {

	public static final String TYPE = "workflow.run.needs_admin";

	public RunNeedsAdmin {
		Events.required(runId, "runId");
		Events.required(problem, "problem");
		Events.required(since, "since");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	/**
	 * Once per time the run got into trouble: a repaired run that fails again is a new problem,
	 * while a run marked again before its repair (same {@code since}) is the same one.
	 */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + runId + ":" + problem.value() + ":" + since.toEpochMilli();
	}
}
