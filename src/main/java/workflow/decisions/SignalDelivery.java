package workflow.decisions;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import platform.SessionLimits;
import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionOutcome;
import workflow.RepairCause;
import workflow.Run;
import workflow.Stage;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.DecisionSignal;
import workflow.engine.OrchestratorException;
import workflow.store.ActionRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * Sends a recorded action to the run's process, outside any transaction, and records the
 * outcome: {@code signal_sent_at} on delivery, the error and the next attempt otherwise (the
 * redelivery job retries, with backoff per action, until the attempt cap makes the action
 * undeliverable and its run needs attention), or ignored when the run has ended; a decision for a
 * live run whose workflow is gone waits for the run's repair (see {@link #notRunning}).
 */
@Service
public class SignalDelivery {

	private static final Logger log = LoggerFactory.getLogger(SignalDelivery.class);

	/** What the approver reads on a decision whose run lost its workflow. */
	static final String WAITS_FOR_REPAIR = "The run's workflow was not found; this decision waits for an admin to repair "
			+ "the run, which sends it again.";

	/**
	 * The signal state's writes commit without waiting for their WAL flush: a crash that undoes one
	 * leaves {@code signal_sent_at} empty (or the failure count lower), so the redelivery job sends
	 * the signal again, and the workflow ignores an action id it has already seen.
	 */
	private static final SessionLimits SIGNAL_STATE = new SessionLimits(Duration.ofSeconds(30), Duration.ofSeconds(30),
			false);

	private final TenantTransactions transactions;
	private final ActionRepository actions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final Orchestrator orchestrator;
	private final WorkflowProperties.Jobs retries;
	private final Clock clock;
	private final RunEndings endings;

	SignalDelivery(TenantTransactions transactions, ActionRepository actions, RunRepository runs, StageRepository stages,
			Orchestrator orchestrator, WorkflowProperties properties, Clock clock, RunEndings endings) {
		this.endings = endings;
		this.transactions = transactions;
		this.actions = actions;
		this.runs = runs;
		this.stages = stages;
		this.orchestrator = orchestrator;
		this.retries = properties.jobs();
		this.clock = clock;
	}

	/** True when the signal was delivered. Never throws: an undelivered action stays for the job. */
	public boolean deliver(String tenantId, Action action) {
		return deliver(tenantId, action, null);
	}

	/**
	 * Like {@link #deliver(String, Action)} with the assignees a decision was just checked against
	 * (in its own transaction); null: they are read now.
	 */
	public boolean deliver(String tenantId, Action action, List<String> knownAssignees) {
		List<String> assignees = knownAssignees != null ? knownAssignees : assignees(tenantId, action);
		try {
			orchestrator.signal(new DecisionSignal(tenantId, action.runId(), new Decision(action.id(), action.action(),
					action.stageId(), action.round(), action.actor(), assignees)));
		}
		catch (OrchestratorException e) {
			if (e.kind() == OrchestratorException.Kind.NOT_RUNNING) {
				record(tenantId, action, () -> notRunning(action));
			}
			else {
				record(tenantId, action, () -> {
					if (actions.recordSignalFailure(action.id(), e.getMessage(), clock.instant(), retries.signalRedeliveryDelay(),
							retries.signalRetryMaxDelay(), retries.signalMaxAttempts())) {
						log.warn("Signal of action {} (run {}) is undeliverable after {} attempts: {}", action.id(),
								action.runId(), retries.signalMaxAttempts(), e.getMessage());
						endings.needsAttention(action.runId(), RepairCause.UNDELIVERABLE,
								"The " + action.action().value() + " of " + action.actor() + " could not be delivered to the workflow: "
										+ e.getMessage(),
								retries.signalMaxAttempts() + " signal attempts", clock.instant());
					}
					else {
						log.warn("Signal of action {} (run {}) not delivered, will be re-sent: {}", action.id(),
								action.runId(), e.getMessage());
					}
				});
			}
			return false;
		}
		record(tenantId, action, () -> actions.markSignalSent(action.id()));
		return true;
	}

	/**
	 * The signal found no running workflow. A run that has ended ignores the action. A run the
	 * projection says is live has lost its workflow (its history, or the execution ended without
	 * the projection hearing of it): the action is kept, waiting for the repair that re-sends it,
	 * and the run needs attention now rather than at the next reconciliation round.
	 */
	private void notRunning(Action action) {
		Optional<Run> run = runs.lock(action.runId());
		if (run.isEmpty() || !expectsWorkflow(run.get())) {
			actions.settleUndelivered(action.id(), ActionOutcome.IGNORED, "the run's workflow is no longer running");
			return;
		}
		Instant now = clock.instant();
		actions.awaitRepair(action.id(), WAITS_FOR_REPAIR, now);
		String workflow = run.get().workflowId() == null ? "its workflow" : "its workflow execution " + run.get().workflowId();
		// the run's execution is lost: repaired with the other lost runs
		if (endings.needsAttention(action.runId(), RepairCause.LOST, "The " + action.action().value() + " of " + action.actor() + " found no "
				+ "running workflow: " + workflow + " no longer exists in Temporal (history lost?)",
				"signal of action " + action.id() + " at " + now, now)) {
			log.warn("Run {} needs attention: the {} of {} found no running workflow; the decision waits for a repair",
					action.runId(), action.action().value(), action.actor());
		}
	}

	/** Whether the projection says the run has a workflow that runs. */
	private static boolean expectsWorkflow(Run run) {
		return switch (run.status()) {
			case RUNNING, RETURNED, NEEDS_ATTENTION -> true;
			case REQUESTED -> run.workflowId() != null;
			default -> false;
		};
	}

	/**
	 * The stage's assignees now, for a decision: a delegation or reassignment since the activation
	 * changed them (the decision was recorded against these). Null when they cannot be read: the
	 * process then checks against the activation's assignees.
	 */
	private List<String> assignees(String tenantId, Action action) {
		if (action.stageId() == null || !action.action().decision()) {
			return null;
		}
		try {
			return transactions.readInTenant(tenantId, () -> stages.find(action.stageId()).map(Stage::assignees).orElse(null));
		}
		catch (RuntimeException e) {
			log.warn("Could not read the assignees of stage {} for action {}: {}", action.stageId(), action.id(), e.getMessage());
			return null;
		}
	}

	private void record(String tenantId, Action action, Runnable write) {
		try {
			transactions.inTenant(tenantId, SIGNAL_STATE, () -> {
				write.run();
				return null;
			});
		}
		catch (RuntimeException e) {
			// the action row is durable; the redelivery job or the workflow's settle fixes this later
			log.warn("Could not record the signal state of action {}: {}", action.id(), e.getMessage());
		}
	}
}
