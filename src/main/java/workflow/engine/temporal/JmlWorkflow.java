package workflow.engine.temporal;

import java.util.List;
import java.util.UUID;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.Resume;
import workflow.engine.Orchestrator.StagePlan;

/**
 * The JML run as a Temporal workflow; its id is {@code jml-<runId>}. Its payloads are the port's
 * records ({@link StagePlan}, {@link Decision}); their JSON field names are part of every recorded
 * history, so renaming one needs the replay tests' histories to still read.
 */
@WorkflowInterface
public interface JmlWorkflow {

	String TYPE = "JmlRun";
	String START_SIGNAL = "startRequested";
	String DECISION_SIGNAL = "decision";
	String RECHECK_SIGNAL = "recheckBlockedStage";

	/** Runs the stages in order; returns the run's final status (its stored name). */
	@WorkflowMethod(name = TYPE)
	String run(Input input);

	/**
	 * The signal of SignalWithStart. It carries no decision: it only makes a start request and a
	 * start of an already running execution the same call.
	 */
	@SignalMethod(name = START_SIGNAL)
	void startRequested(UUID runId);

	/** A recorded action (approve, reject, return, withdraw, resubmit); duplicates by action id are ignored. */
	@SignalMethod(name = DECISION_SIGNAL)
	void decide(Decision decision);

	/** Approvers changed: a blocked stage tries to activate again now rather than at its timer. */
	@SignalMethod(name = RECHECK_SIGNAL)
	void recheckBlockedStage();

	/** Everything the workflow needs is in its input, so it never reads configuration or the database. */
	/** {@code resume} is null for a first start; a repair goes on from it (see {@link Resume}). */
	record Input(String tenantId, UUID runId, String definitionKey, List<StagePlan> stages, Timing timing,
			Resume resume) {
	}

	/**
	 * Durations in seconds, fixed at start so a configuration change never alters a running history.
	 * {@code historyLimit}: history events after which a blocked stage's wait continues as new
	 * (0: never); {@code blockedMaxRetries}: tries of a blocked stage after which the run needs
	 * attention (0: no cap). Both are 0 in histories from before they existed.
	 */
	record Timing(long activityTimeoutSeconds, long activityMaxRetryIntervalSeconds, long blockedRetryInitialSeconds,
			long blockedRetryMaxSeconds, long historyLimit, long blockedMaxRetries) {
	}
}
