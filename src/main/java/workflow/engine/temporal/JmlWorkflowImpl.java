package workflow.engine.temporal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInit;
import workflow.Action;
import workflow.Run;
import workflow.Stage;

/**
 * The JML control flow, deterministic: activate a stage, wait for decision signals, record each,
 * advance when the stage's quorum of distinct approvers is met. Reject and withdraw undo earlier
 * grants in reverse order; return parks the run until resubmit. A blocked first stage fails the
 * start; a blocked later stage is retried on a durable timer (doubling, capped) during which a
 * withdraw is still accepted.
 */
public class JmlWorkflowImpl implements JmlWorkflow {

	private static final String START_FAILED = "START_FAILED";
	private static final String WITHDRAWN = "WITHDRAWN";
	private static final String ACTIVE = "ACTIVE";
	private static final String NOTIFIED = "NOTIFIED";
	private static final String BLOCKED = "BLOCKED";
	private static final String RUN_CLOSED = "RUN_CLOSED";

	private final Input input;
	private final JmlActivities activities;
	// decisions in arrival order, each action id once (signals may be re-delivered)
	private final Deque<Decision> pending = new ArrayDeque<>();
	private final Set<String> seenActionIds = new HashSet<>();
	// what approved stages granted, in grant order, for compensation
	private final List<GrantStep> granted = new ArrayList<>();

	private record GrantStep(String stageId, String grant) {
	}

	private enum StageEnd {
		APPROVED, REJECTED, RETURNED, WITHDRAWN
	}

	/** State is built before any signal handler runs (SignalWithStart delivers the signal first). */
	@WorkflowInit
	public JmlWorkflowImpl(Input input) {
		this.input = input;
		Timing timing = input.timing();
		RetryOptions retry = RetryOptions.newBuilder()
			.setInitialInterval(Duration.ofSeconds(1))
			.setBackoffCoefficient(2.0)
			.setMaximumInterval(Duration.ofSeconds(timing.activityMaxRetryIntervalSeconds()))
			// transport failures retry until they succeed; permanent ones are non-retryable failures
			.setMaximumAttempts(0)
			.setDoNotRetry(JmlActivities.PERMANENT_FAILURE)
			.build();
		this.activities = Workflow.newActivityStub(JmlActivities.class, ActivityOptions.newBuilder()
			.setStartToCloseTimeout(Duration.ofSeconds(timing.activityTimeoutSeconds()))
			.setRetryOptions(retry)
			.build());
	}

	@Override
	public void startRequested(String runId) {
		// nothing to do: see the interface
	}

	@Override
	public void decide(Decision decision) {
		if (seenActionIds.add(decision.actionId())) {
			pending.add(decision);
		}
	}

	@Override
	public String run(Input input) {
		List<StagePlan> stages = input.stages();
		boolean started = false;
		int index = 0;
		int round = 0;
		while (index < stages.size()) {
			StagePlan stage = stages.get(index);
			JmlActivities.Activation activation = activate(stage, round, !started);
			switch (activation.state()) {
				case START_FAILED:
					return Run.START_FAILED;
				case RUN_CLOSED:
					return close(activation.reason());
				case WITHDRAWN:
					return end(Run.WITHDRAWN, "withdrawn at stage " + stage.name());
				case NOTIFIED:
					started = true;
					index++;
					round = 0;
					continue;
				default:
					started = true;
			}
			StageEnd end = awaitDecisions(stage, round, activation.assignees());
			if (end == StageEnd.APPROVED) {
				stage.grants().forEach(grant -> granted.add(new GrantStep(stage.stageId(), grant)));
				index++;
				round = 0;
			}
			else if (end == StageEnd.RETURNED && awaitResubmit(stage, round)) {
				round++;
			}
			else if (end == StageEnd.REJECTED) {
				return end(Run.REJECTED, "rejected at stage " + stage.name());
			}
			else {
				return end(Run.WITHDRAWN, "withdrawn at stage " + stage.name());
			}
		}
		return end(Run.COMPLETED, null);
	}

	/** Activates the stage, retrying a blocked one on a durable timer unless it is the first. */
	private JmlActivities.Activation activate(StagePlan stage, int round, boolean first) {
		Timing timing = input.timing();
		Duration wait = Duration.ofSeconds(timing.blockedRetryInitialSeconds());
		Duration cap = Duration.ofSeconds(timing.blockedRetryMaxSeconds());
		while (true) {
			JmlActivities.Activation activation = tryActivate(stage, round);
			if (!BLOCKED.equals(activation.state())) {
				return activation;
			}
			if (first) {
				activities.markStartFailed(input.tenantId(), input.runId(), activation.reason());
				settleRemaining("the run failed to start");
				return new JmlActivities.Activation(START_FAILED, List.of(), activation.reason());
			}
			long until = Workflow.currentTimeMillis() + wait.toMillis();
			activities.markStageBlocked(input.tenantId(), input.runId(), stage.stageId(), round, activation.reason(), until);
			if (withdrawnBefore(until, stage, round)) {
				return new JmlActivities.Activation(WITHDRAWN, List.of(), null);
			}
			wait = wait.multipliedBy(2).compareTo(cap) > 0 ? cap : wait.multipliedBy(2);
		}
	}

	private JmlActivities.Activation tryActivate(StagePlan stage, int round) {
		try {
			return activities.activateStage(input.tenantId(), input.runId(), stage.stageId(), round);
		}
		catch (ActivityFailure failure) {
			// only permanent failures get here (others retry): the stage cannot be activated
			String reason = failure.getCause() == null ? failure.getMessage() : failure.getCause().getMessage();
			return new JmlActivities.Activation(BLOCKED, List.of(), reason);
		}
	}

	/** Waits until {@code until}; true when a withdraw arrived meanwhile (other decisions are ignored). */
	private boolean withdrawnBefore(long until, StagePlan stage, int round) {
		while (true) {
			long remaining = until - Workflow.currentTimeMillis();
			if (remaining <= 0 || !Workflow.await(Duration.ofMillis(remaining), () -> !pending.isEmpty())) {
				return false;
			}
			Decision decision = pending.poll();
			if (Action.WITHDRAW.equals(decision.action())) {
				apply(decision, stage, round, Stage.WITHDRAWN, 0, null);
				return true;
			}
			ignore(decision, "the stage is blocked");
		}
	}

	private StageEnd awaitDecisions(StagePlan stage, int round, List<String> assignees) {
		Set<String> decided = new LinkedHashSet<>();
		int approvals = 0;
		while (true) {
			Decision decision = next();
			String action = decision.action();
			if (Action.WITHDRAW.equals(action)) {
				apply(decision, stage, round, Stage.WITHDRAWN, approvals, null);
				return StageEnd.WITHDRAWN;
			}
			String problem = problem(decision, stage, round, assignees, decided);
			if (problem != null) {
				ignore(decision, problem);
				continue;
			}
			decided.add(decision.actor());
			if (Action.APPROVE.equals(action)) {
				approvals++;
				if (approvals >= stage.requiredApprovals()) {
					apply(decision, stage, round, Stage.APPROVED, approvals, null);
					return StageEnd.APPROVED;
				}
				apply(decision, stage, round, Stage.ACTIVE, approvals, null);
			}
			else if (Action.REJECT.equals(action)) {
				apply(decision, stage, round, Stage.REJECTED, approvals, null);
				return StageEnd.REJECTED;
			}
			else {
				apply(decision, stage, round, Stage.RETURNED, approvals, Run.RETURNED);
				return StageEnd.RETURNED;
			}
		}
	}

	/** Why a decision does not count for this stage round, or null when it does. */
	private static String problem(Decision decision, StagePlan stage, int round, List<String> assignees,
			Set<String> decided) {
		if (!Action.DECISIONS.contains(decision.action())) {
			return "the run is not returned";
		}
		if (!stage.stageId().equals(decision.stageId()) || decision.round() == null || decision.round() != round) {
			return "the decision is for a stage that is not active";
		}
		if (!assignees.contains(decision.actor())) {
			return decision.actor() + " is not assigned to the stage";
		}
		if (decided.contains(decision.actor())) {
			return decision.actor() + " already decided the stage";
		}
		return null;
	}

	/** Returned: waits for resubmit (true) or withdraw (false). */
	private boolean awaitResubmit(StagePlan stage, int round) {
		while (true) {
			Decision decision = next();
			if (Action.RESUBMIT.equals(decision.action())) {
				apply(decision, stage, round, null, 0, Run.RUNNING);
				return true;
			}
			if (Action.WITHDRAW.equals(decision.action())) {
				apply(decision, stage, round, Stage.WITHDRAWN, 0, null);
				return false;
			}
			ignore(decision, "the run is returned and waits for resubmit");
		}
	}

	private Decision next() {
		Workflow.await(() -> !pending.isEmpty());
		return pending.poll();
	}

	/** Rejected or withdrawn: compensate, then finish. Completed: finish. */
	private String end(String status, String reason) {
		if (!Run.COMPLETED.equals(status)) {
			for (int i = granted.size() - 1, step = 1; i >= 0; i--, step++) {
				GrantStep grant = granted.get(i);
				activities.compensateGrant(input.tenantId(), input.runId(), grant.stageId(), grant.grant(), status, step);
			}
		}
		activities.finishRun(input.tenantId(), input.runId(), status, reason);
		settleRemaining("the run is " + status);
		return status;
	}

	/** The run ended outside the workflow (withdrawn before it started): nothing left to do. */
	private String close(String reason) {
		settleRemaining(reason);
		return "closed: " + reason;
	}

	private void settleRemaining(String reason) {
		while (!pending.isEmpty()) {
			ignore(pending.poll(), reason);
		}
	}

	private void apply(Decision decision, StagePlan stage, int round, String stageStatus, int approvals,
			String runStatus) {
		activities.applyDecision(input.tenantId(), new JmlActivities.DecisionRecord(input.runId(), decision.actionId(),
				Action.APPLIED, null, stage.stageId(), round, stageStatus, approvals, runStatus));
	}

	private void ignore(Decision decision, String reason) {
		activities.applyDecision(input.tenantId(), new JmlActivities.DecisionRecord(input.runId(), decision.actionId(),
				Action.IGNORED, reason, null, 0, null, 0, null));
	}
}
