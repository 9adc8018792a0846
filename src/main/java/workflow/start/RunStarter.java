package workflow.start;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;

import outbox.PermanentFailureException;
import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionKind;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.DecisionSignal;
import workflow.engine.Orchestrator.StagePlan;
import workflow.engine.Orchestrator.StartReceipt;
import workflow.engine.Orchestrator.StartRequest;
import workflow.engine.OrchestratorException;
import workflow.store.ActionRepository;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * The second hop of the start chain: decide, call, record. A short unit of work locks the run
 * and decides whether it starts (only a {@code requested} run without an execution does; a
 * re-delivery or a run withdrawn meanwhile does nothing; a run whose start chain had given up is
 * re-opened, as when an admin re-drives the dead start request). The orchestrator is called
 * outside any transaction (the start is idempotent by workflow id), and a second short unit of
 * work records the execution, fenced on the run still having none. A failed call is recorded on
 * the run (retrying, attempt 2 of 40: the error) and retried by the outbox for as long as its
 * budget lasts (hours: {@code WORKFLOW_START_MAX_ATTEMPTS} with the outbox's capped backoff); when
 * the failure is permanent, or this was the last attempt, the run becomes {@code start_failed}
 * with the reason and the start request goes to the dead letters, so retrying it (or repairing
 * the run) starts the run again.
 * Whatever else ends the start request in the dead letters (an attempt timeout, an expired lease,
 * a database error) reaches {@link #deadLettered}, which fails the start the same way.
 */
@Service
public class RunStarter {

	private static final Logger log = LoggerFactory.getLogger(RunStarter.class);

	private final TenantTransactions transactions;
	private final RunCreation creation;
	private final RunRepository runs;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final Orchestrator orchestrator;
	private final RunEndings endings;
	private final int maxAttempts;

	RunStarter(TenantTransactions transactions, RunCreation creation, RunRepository runs, StageRepository stages,
			ActionRepository actions, Orchestrator orchestrator, RunEndings endings, WorkflowProperties properties) {
		this.transactions = transactions;
		this.creation = creation;
		this.runs = runs;
		this.stages = stages;
		this.actions = actions;
		this.orchestrator = orchestrator;
		this.endings = endings;
		this.maxAttempts = properties.jml().startMaxAttempts();
	}

	/** Starts the run for delivery {@code attempt} of its start request {@code eventId}; call outside a transaction. */
	public void start(String tenantId, UUID runId, int attempt, UUID eventId) {
		Assert.state(!TransactionSynchronizationManager.isActualTransactionActive(),
				"The start calls the orchestrator outside any transaction");
		Optional<StartRequest> request = transactions.inTenant(tenantId, () -> decide(tenantId, runId, eventId));
		if (request.isEmpty()) {
			return;
		}
		StartReceipt receipt;
		try {
			receipt = orchestrator.start(request.get());
		}
		catch (RuntimeException e) {
			boolean permanent = e instanceof OrchestratorException failure
					&& failure.kind() == OrchestratorException.Kind.PERMANENT;
			if (!permanent && attempt < maxAttempts) {
				transactions.runInTenant(tenantId, () -> creation.recordStartRetry(runId, attempt, maxAttempts, e.getMessage()));
				log.debug("Start of run {} failed on attempt {} of {}, will be retried: {}", runId, attempt, maxAttempts,
						e.getMessage());
				throw e;
			}
			String reason = (permanent ? "permanent failure" : "gave up after " + attempt + " attempts") + ": "
					+ e.getMessage();
			fail(tenantId, runId, reason);
			// the start request ends in the dead letters, whose retry starts the run again
			throw new PermanentFailureException("Run " + runId + " failed to start: " + reason, e);
		}
		Optional<Action> withdrawn = transactions.inTenant(tenantId, () -> record(runId, receipt));
		withdrawn.ifPresent(action -> tellWithdrawn(tenantId, runId, action));
	}

	/**
	 * The start request went to the dead letters without this class deciding so (timeout, expired
	 * lease, an error before the call): the run fails to start with that reason. Inside the
	 * tenant unit of work of the notice.
	 */
	public void deadLettered(UUID runId, int attempt, String reason) {
		fail(runId, "gave up after " + attempt + " attempts: " + reason);
	}

	private Optional<StartRequest> decide(String tenantId, UUID runId, UUID eventId) {
		// the lock orders this decision with an HR withdraw of the same requested run
		Run run = runs.lock(runId).orElseThrow(() -> new PermanentFailureException("Run " + runId + " does not exist"));
		if (run.status() == RunStatus.START_FAILED && run.workflowId() == null && creation.reopenStart(runId)) {
			log.info("Run {} had failed to start; start request {} starts it again", runId, eventId);
		}
		else if (run.status() != RunStatus.REQUESTED || run.workflowId() != null) {
			log.info("Run {} is {} (execution {}); start request {} changes nothing", runId, run.status().value(),
					run.workflowId(), eventId);
			return Optional.empty();
		}
		return Optional.of(new StartRequest(tenantId, runId, run.definitionKey(), plan(stages.forRun(runId)), null));
	}

	/** Records the execution; the withdraw to pass on when HR withdrew the run while it was being started. */
	private Optional<Action> record(UUID runId, StartReceipt receipt) {
		Run run = runs.lock(runId).orElseThrow(() -> new PermanentFailureException("Run " + runId + " does not exist"));
		if (run.workflowId() != null && !run.workflowId().equals(receipt.workflowId())) {
			log.warn("Run {} already records execution {}; start receipt {} is not recorded", runId, run.workflowId(),
					receipt.workflowId());
			return Optional.empty();
		}
		if (run.status() == RunStatus.START_FAILED && run.workflowId() == null) {
			// an overrunning attempt started it after the chain had given up: the execution is real
			creation.reopenStart(runId);
		}
		creation.recordExecution(runId, receipt.workflowId(), receipt.executionId());
		log.info("Run {} {} as {}", runId, receipt.alreadyStarted() ? "was already started" : "started", receipt.workflowId());
		if (run.status() == RunStatus.WITHDRAWN && run.workflowId() == null) {
			return actions.forRun(runId).stream().filter(action -> action.action() == ActionKind.WITHDRAW).findFirst();
		}
		return Optional.empty();
	}

	/** HR withdrew the run between the decision and the record: the new process hears of it. */
	private void tellWithdrawn(String tenantId, UUID runId, Action withdraw) {
		try {
			orchestrator.signal(new DecisionSignal(tenantId, runId,
					new Decision(withdraw.id(), ActionKind.WITHDRAW, null, null, withdraw.actor(), null)));
		}
		catch (RuntimeException e) {
			log.warn("Run {} was withdrawn while it was started; its process did not hear of it: {}", runId, e.getMessage());
		}
	}

	private void fail(String tenantId, UUID runId, String reason) {
		transactions.runInTenant(tenantId, () -> fail(runId, reason));
	}

	private void fail(UUID runId, String reason) {
		if (endings.startRequestFailed(runId, reason)) {
			log.warn("Run {} failed to start: {}", runId, reason);
		}
	}

	private static List<StagePlan> plan(List<Stage> stages) {
		return stages.stream()
			.map(stage -> new StagePlan(stage.id(), stage.name(), stage.kind(), stage.requiredApprovals(), stage.grants()))
			.toList();
	}
}
