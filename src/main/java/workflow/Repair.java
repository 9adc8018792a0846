package workflow;

import java.time.Instant;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * An ADMIN's repair of a run that needed attention ({@code attention}): the run went on at
 * {@code resumedStage} in the new execution {@code executionId} ({@code outcome} started), or
 * the repair {@code failed} with {@code error} and the run still needs attention. The outcome is
 * documented as the plain string the API has always published.
 */
public record Repair(UUID id, UUID runId, String actor, String attention, String resumedStage,
		@Schema(implementation = String.class) RepairOutcome outcome, String error, String executionId, Instant requestedAt, Instant finishedAt) {
}
