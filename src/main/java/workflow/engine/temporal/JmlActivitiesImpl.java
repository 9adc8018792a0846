package workflow.engine.temporal;

import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

import io.temporal.failure.ApplicationFailure;
import workflow.projection.PermanentProjectionFailure;
import workflow.projection.RunProjection;
import workflow.projection.RunProjection.DecisionOutcome;

/**
 * Translates between Temporal and the projection service: permanent failures become
 * non-retryable {@link ApplicationFailure}s, every other exception is left to Temporal's retry.
 */
@Component
class JmlActivitiesImpl implements JmlActivities {

	private final RunProjection projection;

	JmlActivitiesImpl(RunProjection projection) {
		this.projection = projection;
	}

	@Override
	public Activation activateStage(String tenantId, String runId, String stageId, int round) {
		return permanentAsNonRetryable(() -> {
			RunProjection.Activation activation = projection.activate(tenantId, UUID.fromString(runId),
					UUID.fromString(stageId), round);
			return new Activation(activation.state().name(), activation.assignees(), activation.reason());
		});
	}

	@Override
	public void markStartFailed(String tenantId, String runId, String reason) {
		permanentAsNonRetryable(() -> {
			projection.markStartFailed(tenantId, UUID.fromString(runId), reason);
			return null;
		});
	}

	@Override
	public void markStageBlocked(String tenantId, String runId, String stageId, int round, String reason,
			long untilEpochMillis) {
		permanentAsNonRetryable(() -> {
			projection.markStageBlocked(tenantId, UUID.fromString(runId), UUID.fromString(stageId), round, reason,
					Instant.ofEpochMilli(untilEpochMillis));
			return null;
		});
	}

	@Override
	public void applyDecision(String tenantId, DecisionRecord decision) {
		permanentAsNonRetryable(() -> {
			projection.applyDecision(tenantId, new DecisionOutcome(UUID.fromString(decision.runId()),
					UUID.fromString(decision.actionId()), decision.outcome(), decision.reason(),
					decision.stageId() == null ? null : UUID.fromString(decision.stageId()), decision.round(),
					decision.stageStatus(), decision.approvals(), decision.runStatus()));
			return null;
		});
	}

	@Override
	public void compensateGrant(String tenantId, String runId, String stageId, String grant, String reason, int step) {
		permanentAsNonRetryable(() -> {
			projection.compensate(tenantId, UUID.fromString(runId), UUID.fromString(stageId), grant, reason, step);
			return null;
		});
	}

	@Override
	public void finishRun(String tenantId, String runId, String status, String reason) {
		permanentAsNonRetryable(() -> {
			projection.finish(tenantId, UUID.fromString(runId), status, reason);
			return null;
		});
	}

	private static <T> T permanentAsNonRetryable(Supplier<T> work) {
		try {
			return work.get();
		}
		catch (PermanentProjectionFailure | DataIntegrityViolationException | IllegalArgumentException e) {
			throw ApplicationFailure.newNonRetryableFailureWithCause(e.getMessage(), PERMANENT_FAILURE, e);
		}
	}
}
