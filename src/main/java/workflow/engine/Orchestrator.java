package workflow.engine;

import java.util.List;
import java.util.UUID;

import workflow.ActionKind;
import workflow.StageKind;

/**
 * The port to the process engine: two write operations and, deliberately, no read operation.
 * Pages and the API read the PostgreSQL projection; the engine is never asked for state
 * ({@code OrchestratorPortContractTests} fails if a method is added). Implementations throw
 * {@link OrchestratorException} and never expose engine types. Its records are the engine's
 * payloads as they are: the adapter hands them to the process unchanged.
 */
public interface Orchestrator {

	/**
	 * Starts the run's process once: a second call for the same run (a re-delivered start
	 * request) finds the existing execution and answers with {@code alreadyStarted}.
	 */
	StartReceipt start(StartRequest request);

	/** Delivers a decision to the run's process; the process ignores an action id it has seen. */
	void signal(DecisionSignal signal);

	/**
	 * What to start: the run and its stage plan, snapshotted when the run was created; with a
	 * {@code resume}, a repair: a new execution that goes on from the projection's state (an
	 * existing closed execution of the run does not stop it).
	 */
	record StartRequest(String tenantId, UUID runId, String definitionKey, List<StagePlan> stages, Resume resume) {
	}

	/**
	 * Where a repaired run goes on: stage {@code stageIndex} of the plan in {@code round}, with
	 * the {@code approvals} of {@code decidedBy} already counted on it; {@code granted} is what
	 * earlier stages granted (for compensation), {@code seenActionIds} the actions already settled
	 * (a re-sent one is ignored as a duplicate). {@code returned}: the run waits for resubmit.
	 * {@code ending} (rejected, withdrawn): the stage was decided so; the run only finishes.
	 * {@code blockedWaitSeconds} and {@code blockedRetries}: a blocked stage's backoff so far (0 for
	 * a repair; carried when a long blocked wait continues as new).
	 */
	record Resume(int stageIndex, int round, int approvals, List<String> decidedBy, List<Granted> granted,
			List<UUID> seenActionIds, boolean returned, String ending, long blockedWaitSeconds, int blockedRetries) {
	}

	/** One grant an approved stage gave. */
	record Granted(UUID stageId, String grant) {
	}

	/** A stage as the process runs it; {@code grants} is what its approval gives. */
	record StagePlan(UUID stageId, String name, StageKind kind, int requiredApprovals, List<String> grants) {
	}

	/** The execution that runs (or already ran) the process. */
	record StartReceipt(String workflowId, String executionId, boolean alreadyStarted) {
	}

	/**
	 * A recorded action for the process of run {@code runId}; without a decision, a wake-up: the
	 * process checks its blocked stage again now (approvers changed) instead of at its timer.
	 */
	record DecisionSignal(String tenantId, UUID runId, Decision decision) {

		public static DecisionSignal recheck(String tenantId, UUID runId) {
			return new DecisionSignal(tenantId, runId, null);
		}
	}

	/**
	 * An action as the process sees it; {@code stageId} and {@code round} are null for actions on
	 * the whole run. {@code assignees} are the stage's assignees in the projection when the action
	 * was sent: delegation and reassignment change them after the activation, so the process
	 * checks the decision against these (null in signals from before, and for run actions: the
	 * process keeps the activation's).
	 */
	record Decision(UUID actionId, ActionKind action, UUID stageId, Integer round, String actor, List<String> assignees) {
	}
}
