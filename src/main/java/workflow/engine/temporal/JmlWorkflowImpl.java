package workflow.engine.temporal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInit;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.RunPolicy;
import workflow.RunPolicy.Refusal;
import workflow.RunPolicy.StageFacts;
import workflow.RunStatus;
import workflow.StageStatus;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.Granted;
import workflow.engine.Orchestrator.Resume;
import workflow.engine.Orchestrator.StagePlan;
import workflow.projection.Activation;
import workflow.projection.ActivationState;
import workflow.projection.DecisionOutcome;

/**
 * The JML control flow, deterministic: activate a stage, wait for decision signals, record each,
 * advance when the stage's quorum of distinct approvers is met ({@link RunPolicy} says which
 * decisions count). Reject and withdraw undo earlier grants in reverse order; return parks the
 * run until resubmit. A blocked first stage fails the start; a blocked later stage is retried on
 * a durable timer (doubling, capped) during which a withdraw is still accepted. An activity that
 * fails for good outside activation leaves the run needs_attention; a repaired run (input with a
 * resume) goes on from the projection's state.
 */
public class JmlWorkflowImpl implements JmlWorkflow {

	/**
	 * Versioned changes (Workflow.getVersion): 1 = an activity failing non-retryably outside
	 * activation marks the run needs_attention and ends the execution instead of failing it.
	 */
	static final String ACTIVITY_FAILURE_ATTENTION = "activity-failure-needs-attention";
	/** 1 = a repaired run (input with a resume) goes on from the projection's state. */
	static final String RESUME_FROM_PROJECTION = "resume-from-projection";
	/** 1 = a blocked stage's wait ends early when approvers changed. */
	static final String WAKE_BLOCKED_STAGE = "wake-blocked-stage";
	/**
	 * 1 = a blocked stage's wait continues as new once the history passes its limit (carrying the
	 * stage, its backoff, the grants and the action ids seen), and a stage blocked for more than
	 * the retry cap leaves the run needs_attention.
	 */
	static final String BOUNDED_HISTORY = "bounded-history";
	/**
	 * 1 = a long decision wait (a stage that collects many decisions, ignored ones included)
	 * continues as new once the history passes its limit or Temporal suggests it, carrying the
	 * stage, its round, the approvals so far and who gave them, the grants and the action ids seen.
	 */
	static final String BOUNDED_DECISION_WAIT = "bounded-decision-wait";
	/** What run() returns when the run was left needing attention. */
	static final String NEEDS_ATTENTION = RunStatus.NEEDS_ATTENTION.value();

	private final Input input;
	private final JmlActivities activities;
	// decisions in arrival order, each action id once (signals may be re-delivered)
	private final Deque<Decision> pending = new ArrayDeque<>();
	private final Set<UUID> seenActionIds = new LinkedHashSet<>();
	// what approved stages granted, in grant order, for compensation
	private final List<GrantStep> granted = new ArrayList<>();

	private record GrantStep(UUID stageId, String grant) {
	}

	/** An activity failed for good and the run was marked needs_attention: the execution ends. */
	private static final class LeftNeedingAttention extends RuntimeException {

		LeftNeedingAttention() {
			super(null, null, false, false);
		}
	}

	// a repaired run: what the resumed stage already counted (consumed by its first wait)
	private int resumedApprovals;
	private Set<String> resumedDecidedBy = Set.of();
	// a blocked wait that continued as new: its backoff so far (consumed by the first activation)
	private long resumedBlockedWaitSeconds;
	private int resumedBlockedRetries;
	// approvers changed since the blocked stage last tried (a signal)
	private boolean recheck;

	/** How waiting on an active stage ended. */
	private enum StageEnd {
		APPROVED, REJECTED, RETURNED, WITHDRAWN
	}

	/** How the workflow's own attempts to activate a stage can end the run (the projection never says so). */
	private enum ActivationEnd {
		/** The first stage is blocked: the run never started. */
		START_FAILED,
		/** A withdraw arrived while a later stage waited to be retried. */
		WITHDRAWN
	}

	/** Either the projection's activation or, when activating ended the run, the workflow's reason. */
	private record Activated(Activation activation, ActivationEnd end) {

		static Activated by(Activation activation) {
			return new Activated(activation, null);
		}

		static Activated ended(ActivationEnd end) {
			return new Activated(null, end);
		}
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
		if (input.resume() != null) {
			// actions the projection settled already: a re-sent one is a duplicate
			seenActionIds.addAll(input.resume().seenActionIds());
		}
	}

	@Override
	public void startRequested(UUID runId) {
		// nothing to do: see the interface
	}

	@Override
	public void recheckBlockedStage() {
		recheck = true;
	}

	@Override
	public void decide(Decision decision) {
		if (seenActionIds.add(decision.actionId())) {
			pending.add(decision);
		}
	}

	@Override
	public String run(Input input) {
		try {
			return runStages(input);
		}
		catch (LeftNeedingAttention e) {
			return NEEDS_ATTENTION;
		}
	}

	private String runStages(Input input) {
		List<StagePlan> stages = input.stages();
		boolean started = false;
		int index = 0;
		int round = 0;
		Resume resume = input.resume();
		if (resume != null && Workflow.getVersion(RESUME_FROM_PROJECTION, Workflow.DEFAULT_VERSION, 1) == 1) {
			resume.granted().forEach(grant -> granted.add(new GrantStep(grant.stageId(), grant.grant())));
			index = resume.stageIndex();
			round = resume.round();
			started = true;
			if (resume.ending() != null) {
				RunStatus ending = RunStatus.of(resume.ending());
				return end(ending, ending.value() + " at stage " + stages.get(index).name());
			}
			if (resume.returned()) {
				StagePlan stage = stages.get(index);
				if (!awaitResubmit(stage, round)) {
					return end(RunStatus.WITHDRAWN, "withdrawn at stage " + stage.name());
				}
				round++;
			}
			else {
				resumedApprovals = resume.approvals();
				resumedDecidedBy = Set.copyOf(resume.decidedBy());
				resumedBlockedWaitSeconds = resume.blockedWaitSeconds();
				resumedBlockedRetries = resume.blockedRetries();
			}
		}
		while (index < stages.size()) {
			StagePlan stage = stages.get(index);
			Activated activated = activate(index, stage, round, !started);
			if (activated.end() == ActivationEnd.START_FAILED) {
				return RunStatus.START_FAILED.value();
			}
			if (activated.end() == ActivationEnd.WITHDRAWN) {
				return end(RunStatus.WITHDRAWN, "withdrawn at stage " + stage.name());
			}
			Activation activation = activated.activation();
			if (activation.state() == ActivationState.RUN_CLOSED) {
				return close(activation.reason());
			}
			started = true;
			if (activation.state() == ActivationState.NOTIFIED) {
				index++;
				round = 0;
				continue;
			}
			StageEnd end = awaitDecisions(index, stage, round, activation.assignees());
			if (end == StageEnd.APPROVED) {
				stage.grants().forEach(grant -> granted.add(new GrantStep(stage.stageId(), grant)));
				index++;
				round = 0;
			}
			else if (end == StageEnd.RETURNED && awaitResubmit(stage, round)) {
				round++;
			}
			else if (end == StageEnd.REJECTED) {
				return end(RunStatus.REJECTED, "rejected at stage " + stage.name());
			}
			else {
				return end(RunStatus.WITHDRAWN, "withdrawn at stage " + stage.name());
			}
		}
		return end(RunStatus.COMPLETED, null);
	}

	/**
	 * Activates the stage, retrying a blocked one on a durable timer unless it is the first. A long
	 * blocked wait continues as new before the history grows past its limit; a stage still
	 * blocked after the retry cap leaves the run needs_attention.
	 */
	private Activated activate(int index, StagePlan stage, int round, boolean first) {
		Timing timing = input.timing();
		Duration wait = Duration.ofSeconds(resumedBlockedWaitSeconds > 0 ? resumedBlockedWaitSeconds
				: timing.blockedRetryInitialSeconds());
		int retries = resumedBlockedRetries;
		resumedBlockedWaitSeconds = 0;
		resumedBlockedRetries = 0;
		Duration cap = Duration.ofSeconds(timing.blockedRetryMaxSeconds());
		while (true) {
			// a change of approvers from now on wakes the wait below, should this try find the stage blocked
			recheck = false;
			Activation activation = tryActivate(stage, round);
			if (activation.state() != ActivationState.BLOCKED) {
				return Activated.by(activation);
			}
			if (first) {
				activities.markStartFailed(input.tenantId(), input.runId(), activation.reason());
				settleRemaining("the run failed to start");
				return Activated.ended(ActivationEnd.START_FAILED);
			}
			boolean bounded = Workflow.getVersion(BOUNDED_HISTORY, Workflow.DEFAULT_VERSION, 1) == 1;
			retries++;
			if (bounded && timing.blockedMaxRetries() > 0 && retries > timing.blockedMaxRetries()) {
				leaveNeedingAttention("Stage " + stage.name() + " stayed blocked through " + timing.blockedMaxRetries()
						+ " retries: " + activation.reason(), "activated it " + retries + " times on a doubling timer");
			}
			long until = Workflow.currentTimeMillis() + wait.toMillis();
			guarded("mark stage " + stage.name() + " blocked", () -> activities.markStageBlocked(input.tenantId(),
					input.runId(), stage.stageId(), round, activation.reason(), until));
			if (withdrawnBefore(until, stage, round)) {
				return Activated.ended(ActivationEnd.WITHDRAWN);
			}
			wait = wait.multipliedBy(2).compareTo(cap) > 0 ? cap : wait.multipliedBy(2);
			if (bounded && timing.historyLimit() > 0 && Workflow.getInfo().getHistoryLength() > timing.historyLimit()
					&& pending.isEmpty()) {
				List<Granted> grants = granted.stream().map(step -> new Granted(step.stageId(), step.grant())).toList();
				Workflow.continueAsNew(new Input(input.tenantId(), input.runId(), input.definitionKey(), input.stages(),
						timing, new Resume(index, round, 0, List.of(), grants, List.copyOf(seenActionIds), false, null,
								wait.toSeconds(), retries)));
			}
		}
	}

	/** Marks the run needs_attention and ends the execution. */
	private void leaveNeedingAttention(String reason, String tried) {
		try {
			activities.markNeedsAttention(input.tenantId(), input.runId(), reason, tried);
		}
		catch (ActivityFailure unmarked) {
			// the reconciliation finds the run: its execution ends here either way
		}
		throw new LeftNeedingAttention();
	}

	private Activation tryActivate(StagePlan stage, int round) {
		try {
			return activities.activateStage(input.tenantId(), input.runId(), stage.stageId(), round);
		}
		catch (ActivityFailure failure) {
			// only permanent failures get here (others retry): the stage cannot be activated
			String reason = failure.getCause() == null ? failure.getMessage() : failure.getCause().getMessage();
			return new Activation(ActivationState.BLOCKED, List.of(), reason);
		}
	}

	/**
	 * Waits until {@code until}, or until approvers changed ({@link #recheckBlockedStage}); true
	 * when a withdraw arrived meanwhile (other decisions are ignored).
	 */
	private boolean withdrawnBefore(long until, StagePlan stage, int round) {
		boolean wakes = Workflow.getVersion(WAKE_BLOCKED_STAGE, Workflow.DEFAULT_VERSION, 1) == 1;
		while (true) {
			long remaining = until - Workflow.currentTimeMillis();
			if (remaining <= 0 || !Workflow.await(Duration.ofMillis(remaining), () -> !pending.isEmpty() || wakes && recheck)) {
				return false;
			}
			if (pending.isEmpty()) {
				// woken: the stage tries to activate again now
				recheck = false;
				return false;
			}
			Decision decision = pending.poll();
			if (decision.action() == ActionKind.WITHDRAW) {
				apply(decision, stage, round, StageStatus.WITHDRAWN, 0, null);
				return true;
			}
			ignore(decision, "the stage is blocked");
		}
	}

	private StageEnd awaitDecisions(int index, StagePlan stage, int round, List<String> assignees) {
		Set<String> decided = new LinkedHashSet<>(resumedDecidedBy);
		int approvals = resumedApprovals;
		resumedDecidedBy = Set.of();
		resumedApprovals = 0;
		boolean bounded = Workflow.getVersion(BOUNDED_DECISION_WAIT, Workflow.DEFAULT_VERSION, 1) == 1;
		while (true) {
			if (bounded) {
				continueAsNewIfLong(index, round, approvals, decided);
			}
			Decision decision = next();
			ActionKind action = decision.action();
			if (action == ActionKind.WITHDRAW) {
				apply(decision, stage, round, StageStatus.WITHDRAWN, approvals, null);
				return StageEnd.WITHDRAWN;
			}
			// the projection's assignees when the action was sent: a delegate or a reassigned approver
			// holds the assignment since (deterministic: they come with the signal, in the history)
			List<String> assigned = decision.assignees() == null ? assignees : decision.assignees();
			Optional<Refusal> refusal = refusal(decision, new StageFacts(stage.stageId(), round, StageStatus.ACTIVE,
					assigned, decided));
			if (refusal.isPresent()) {
				ignore(decision, reason(refusal.get(), decision.actor()));
				continue;
			}
			decided.add(decision.actor());
			if (action == ActionKind.APPROVE) {
				approvals++;
				if (approvals >= stage.requiredApprovals()) {
					apply(decision, stage, round, StageStatus.APPROVED, approvals, null);
					return StageEnd.APPROVED;
				}
				apply(decision, stage, round, StageStatus.ACTIVE, approvals, null);
			}
			else if (action == ActionKind.REJECT) {
				apply(decision, stage, round, StageStatus.REJECTED, approvals, null);
				return StageEnd.REJECTED;
			}
			else {
				apply(decision, stage, round, StageStatus.RETURNED, approvals, RunStatus.RETURNED);
				return StageEnd.RETURNED;
			}
		}
	}

	/**
	 * Between decisions, with none pending (a pending one would be lost): once the history is past
	 * its limit, or Temporal suggests it, the wait continues as new with the stage's state. The new
	 * execution re-activates the stage, which the projection answers with the activation that
	 * happened (same round, same assignees), and counts on from {@code approvals}.
	 */
	private void continueAsNewIfLong(int index, int round, int approvals, Set<String> decided) {
		Timing timing = input.timing();
		boolean pastLimit = timing.historyLimit() > 0 && Workflow.getInfo().getHistoryLength() > timing.historyLimit();
		if (!pending.isEmpty() || !(pastLimit || Workflow.getInfo().isContinueAsNewSuggested())) {
			return;
		}
		List<Granted> grants = granted.stream().map(step -> new Granted(step.stageId(), step.grant())).toList();
		Workflow.continueAsNew(new Input(input.tenantId(), input.runId(), input.definitionKey(), input.stages(), timing,
				new Resume(index, round, approvals, List.copyOf(decided), grants, List.copyOf(seenActionIds), false, null,
						0, 0)));
	}

	/** Why a decision does not count while the run is running on {@code stage}, if it does not. */
	private static Optional<Refusal> refusal(Decision decision, StageFacts stage) {
		return RunPolicy.refuseForRun(decision.action(), RunStatus.RUNNING, stage.id(), decision.stageId())
			.or(() -> RunPolicy.refuseForStage(decision.actor(), decision.stageId(), decision.round(), stage));
	}

	/** The reason an ignored decision is settled with (the API words the same refusals for the actor). */
	private static String reason(Refusal refusal, String actor) {
		return switch (refusal) {
			case NOT_ASSIGNED -> actor + " is not assigned to the stage";
			case ALREADY_DECIDED -> actor + " already decided the stage";
			case STAGE_NOT_ACTIVE -> "the decision is for a stage that is not active";
			default -> "the run is not returned";
		};
	}

	/** Returned: waits for resubmit (true) or withdraw (false). */
	private boolean awaitResubmit(StagePlan stage, int round) {
		while (true) {
			Decision decision = next();
			if (decision.action() == ActionKind.RESUBMIT) {
				apply(decision, stage, round, null, 0, RunStatus.RUNNING);
				return true;
			}
			if (decision.action() == ActionKind.WITHDRAW) {
				apply(decision, stage, round, StageStatus.WITHDRAWN, 0, null);
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
	private String end(RunStatus status, String reason) {
		if (status != RunStatus.COMPLETED) {
			for (int i = granted.size() - 1, step = 1; i >= 0; i--, step++) {
				GrantStep grant = granted.get(i);
				int compensationStep = step;
				guarded("undo grant " + grant.grant(), () -> activities.compensateGrant(input.tenantId(), input.runId(),
						grant.stageId(), grant.grant(), status.value(), compensationStep));
			}
		}
		guarded("finish the run " + status.value(),
				() -> activities.finishRun(input.tenantId(), input.runId(), status, reason));
		settleRemaining("the run is " + status.value());
		return status.value();
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

	private void apply(Decision decision, StagePlan stage, int round, StageStatus stageStatus, int approvals,
			RunStatus runStatus) {
		guarded("record the " + decision.action().value() + " of " + decision.actor(),
				() -> activities.applyDecision(input.tenantId(), new DecisionOutcome(input.runId(), decision.actionId(),
						ActionOutcome.APPLIED, null, stage.stageId(), round, stageStatus, approvals, runStatus)));
	}

	private void ignore(Decision decision, String reason) {
		guarded("record the ignored " + decision.action().value() + " of " + decision.actor(),
				() -> activities.applyDecision(input.tenantId(), new DecisionOutcome(input.runId(), decision.actionId(),
						ActionOutcome.IGNORED, reason, null, 0, null, 0, null)));
	}

	/**
	 * Runs an activity outside activation. One that failed for good (a non-retryable failure:
	 * transport failures retry) leaves the run needs_attention with the cause and ends the
	 * execution, instead of failing it where nobody sees it; an admin repairs the run.
	 */
	private void guarded(String what, Runnable call) {
		try {
			call.run();
		}
		catch (ActivityFailure failure) {
			if (Workflow.getVersion(ACTIVITY_FAILURE_ATTENTION, Workflow.DEFAULT_VERSION, 1) == Workflow.DEFAULT_VERSION) {
				throw failure;
			}
			Throwable failed = failure.getCause();
			String cause = failed instanceof ApplicationFailure application ? application.getOriginalMessage()
					: failed == null ? failure.getMessage() : failed.getMessage();
			leaveNeedingAttention("The workflow could not " + what + ": " + cause,
					"the activity failed non-retryably; the execution ended");
		}
	}
}
