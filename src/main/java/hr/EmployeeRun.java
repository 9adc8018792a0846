package hr;

import java.time.Instant;
import java.util.UUID;

import outbox.catalog.RunDefinition;
import outbox.catalog.RunOutcome;

/** A run HR asked for an employee; {@code outcome} is null while it is open. */
public record EmployeeRun(String triggerKey, RunDefinition definition, RunOutcome outcome, UUID runId, String reason,
		Instant requestedAt, Instant finishedAt) {

	public boolean open() {
		return outcome == null;
	}
}
