package workflow;

import java.time.Instant;
import java.util.UUID;

/**
 * An ADMIN's repair of a run that needed attention ({@code attention}): the run went on at
 * {@code resumedStage} in the new execution {@code executionId} ({@code outcome} started), or
 * the repair {@code failed} with {@code error} and the run still needs attention.
 */
public record Repair(UUID id, UUID runId, String actor, String attention, String resumedStage, String outcome,
		String error, String executionId, Instant requestedAt, Instant finishedAt) {
}
