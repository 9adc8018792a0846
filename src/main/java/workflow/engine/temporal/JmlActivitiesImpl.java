package workflow.engine.temporal;

import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;

import io.temporal.failure.ApplicationFailure;
import workflow.RunStatus;
import workflow.projection.Activation;
import workflow.projection.DecisionOutcome;
import workflow.projection.PermanentProjectionFailure;
import workflow.projection.RunProjection;

/**
 * Hands each activity to the projection service: permanent failures become non-retryable
 * {@link ApplicationFailure}s, every other exception is left to Temporal's retry.
 */
@Component
class JmlActivitiesImpl implements JmlActivities {

	private final RunProjection projection;

	JmlActivitiesImpl(RunProjection projection) {
		this.projection = projection;
	}

	@Override
	public Activation activateStage(String tenantId, UUID runId, UUID stageId, int round) {
		return permanentAsNonRetryable(() -> projection.activate(tenantId, runId, stageId, round));
	}

	@Override
	public void markStartFailed(String tenantId, UUID runId, String reason) {
		permanentAsNonRetryable(() -> projection.markStartFailed(tenantId, runId, reason));
	}

	@Override
	public void markStageBlocked(String tenantId, UUID runId, UUID stageId, int round, String reason,
			long untilEpochMillis) {
		permanentAsNonRetryable(() -> projection.markStageBlocked(tenantId, runId, stageId, round, reason,
				Instant.ofEpochMilli(untilEpochMillis)));
	}

	@Override
	public void applyDecision(String tenantId, DecisionOutcome decision) {
		permanentAsNonRetryable(() -> projection.applyDecision(tenantId, decision));
	}

	@Override
	public void compensateGrant(String tenantId, UUID runId, UUID stageId, String grant, String reason, int step) {
		permanentAsNonRetryable(() -> projection.compensate(tenantId, runId, stageId, grant, reason, step));
	}

	@Override
	public void finishRun(String tenantId, UUID runId, RunStatus status, String reason) {
		permanentAsNonRetryable(() -> projection.finish(tenantId, runId, status, reason));
	}

	@Override
	public void markNeedsAttention(String tenantId, UUID runId, String reason, String tried) {
		permanentAsNonRetryable(() -> projection.markNeedsAttention(tenantId, runId, reason, tried));
	}

	private static void permanentAsNonRetryable(Runnable work) {
		permanentAsNonRetryable(() -> {
			work.run();
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
