package workflow.attention;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;
import org.springframework.util.StringUtils;

import platform.AppUser;
import platform.DomainException;
import platform.LowerCaseName;
import platform.PlatformAudit;
import platform.Role;
import platform.TemporalUnavailableException;
import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.BulkRepair;
import workflow.Repair;
import workflow.RepairCause;
import workflow.RepairOutcome;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunStatus;
import workflow.Stage;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.Granted;
import workflow.engine.Orchestrator.Resume;
import workflow.engine.Orchestrator.StagePlan;
import workflow.engine.Orchestrator.StartReceipt;
import workflow.engine.Orchestrator.StartRequest;
import workflow.engine.OrchestratorException;
import workflow.store.ActionRepository;
import workflow.store.RunListQueries;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * An ADMIN repairs a run that needs attention or failed to start (see {@link #startAgain}): the
 * workflow is started again from the
 * projection's state (same stages; the decisions already settled are kept and a re-sent one is a
 * duplicate; the current stage is re-activated, or the run waits for resubmit, or only finishes
 * when its stage was already rejected or withdrawn). Decide in a short unit of work (the repair
 * row is also the audit row), call the orchestrator outside any transaction, record the new
 * execution in a second one fenced on the run still needing attention; the actions not settled
 * yet are then sent again by the redelivery job. An Idempotency-Key the admin used already
 * answers that repair, unless that repair failed and the run still needs attention: then the
 * same request tries again (Temporal unreachable is a 503 the caller may simply repeat).
 */
@Service
public class RunRepair {

	private static final Logger log = LoggerFactory.getLogger(RunRepair.class);
	static final int MAX_KEY = 200;
	static final int BULK_LIMIT = 500;

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final RunListQueries lists;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final RepairRepository repairs;
	private final Orchestrator orchestrator;
	private final PlatformAudit audit;
	private final Clock clock;

	RunRepair(TenantTransactions transactions, RunRepository runs, RunListQueries lists, StageRepository stages, ActionRepository actions,
			RepairRepository repairs, Orchestrator orchestrator, PlatformAudit audit, Clock clock) {
		this.transactions = transactions;
		this.runs = runs;
		this.lists = lists;
		this.stages = stages;
		this.actions = actions;
		this.repairs = repairs;
		this.orchestrator = orchestrator;
		this.audit = audit;
		this.clock = clock;
	}

	/** What decide hands to the call; {@code startFailed}: the run had failed to start. */
	private record Plan(Repair repair, StartRequest request, boolean replay, boolean startFailed) {
	}

	public Repair repair(AppUser admin, UUID runId, String idempotencyKey) {
		Assert.state(!TransactionSynchronizationManager.isActualTransactionActive(),
				"A repair calls the orchestrator outside any transaction");
		if (!StringUtils.hasText(idempotencyKey) || idempotencyKey.length() > MAX_KEY) {
			throw new DomainException.InvalidInput("Idempotency-Key", "is required (at most " + MAX_KEY + " characters)");
		}
		if (!admin.roles().contains(Role.ADMIN)) {
			throw new DomainException.Forbidden("Only an admin may repair a run.");
		}
		String tenant = admin.tenantId();
		Plan plan = transactions.inTenant(tenant, () -> decide(admin.getUsername(), runId, idempotencyKey, tenant));
		if (plan.replay()) {
			return plan.repair();
		}
		StartReceipt receipt;
		try {
			receipt = orchestrator.start(plan.request());
		}
		catch (RuntimeException e) {
			log.warn("Repair {} of run {} failed: {}", plan.repair().id(), runId, e.getMessage());
			Repair failed = transactions.inTenant(tenant, () -> {
				Run run = runs.lock(runId).orElseThrow();
				if (plan.startFailed()) {
					// failed to start again: with the reason it had, and what the repair met
					runs.markStartFailed(runId, plan.repair().attention() + " (repair by " + admin.getUsername()
							+ " failed: " + e.getMessage() + ")");
				}
				else if (run.attention() != null) {
					runs.markNeedsAttention(runId, run.attention().reason(),
							"repair by " + admin.getUsername() + " failed: " + e.getMessage(), clock.instant());
				}
				return audited(admin, repairs.finish(plan.repair().id(), RepairOutcome.FAILED, e.getMessage(), null));
			});
			if (e instanceof OrchestratorException unreachable && unreachable.kind() == OrchestratorException.Kind.TRANSIENT) {
				// recorded (audit, attention), and the caller hears "try again", not a repair that failed for good
				throw new TemporalUnavailableException("Temporal did not answer in time, so the run was not repaired and "
						+ "still needs attention; send the same repair again shortly.", e);
			}
			return failed;
		}
		return transactions.inTenant(tenant, () -> audited(admin, finish(admin, runId, plan, receipt)));
	}

	/** Records the new execution of a repair, fenced on the run still being where the repair found it. */
	private Repair finish(AppUser admin, UUID runId, Plan plan, StartReceipt receipt) {
		runs.lock(runId);
		if (plan.startFailed()) {
			if (!runs.recordRepairedStart(runId, receipt.workflowId(), receipt.executionId())) {
				return repairs.finish(plan.repair().id(), RepairOutcome.FAILED, "the run had failed to start again", receipt.executionId());
			}
			log.info("Run {} that had failed to start was started by {}: execution {}", runId, admin.getUsername(),
					receipt.executionId());
			return repairs.finish(plan.repair().id(), RepairOutcome.STARTED, null, receipt.executionId());
		}
		if (!runs.completeRepair(runId, receipt.workflowId(), receipt.executionId())) {
			return repairs.finish(plan.repair().id(), RepairOutcome.FAILED, "the run no longer needed attention", receipt.executionId());
		}
		int resent = actions.resendUnsettled(runId, clock.instant());
		log.info("Run {} repaired by {}: execution {} goes on at {} ({} action(s) to send again)", runId,
				admin.getUsername(), receipt.executionId(), plan.repair().resumedStage(), resent);
		return repairs.finish(plan.repair().id(), RepairOutcome.STARTED, null, receipt.executionId());
	}

	/** Each repair's outcome goes into the tenant's audit trail ({@code run.repaired}), with the repair row. */
	private Repair audited(AppUser admin, Repair repair) {
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("subject", repair.runId().toString());
		detail.put("repairId", repair.id().toString());
		detail.put("attention", repair.attention());
		detail.put("outcome", repair.outcome().value());
		if (repair.executionId() != null) {
			detail.put("executionId", repair.executionId());
		}
		if (repair.error() != null) {
			detail.put("error", repair.error());
		}
		audit.record(admin.getUsername(), "run.repaired", detail);
		return repair;
	}

	/**
	 * Repairs every run of one cause (up to {@link #BULK_LIMIT} at a time): those that failed to
	 * start ({@code status} start_failed) or that need attention for {@code reason} (null: any).
	 * See {@link #repairAll(AppUser, RepairCause, String)}.
	 */
	public BulkRepair repairAll(AppUser admin, RunStatus status, String reason, String batchKey) {
		if (status != RunStatus.START_FAILED && status != RunStatus.NEEDS_ATTENTION) {
			throw new DomainException.InvalidInput("status", "must be start_failed or needs_attention");
		}
		checkBulk(admin, batchKey);
		List<UUID> due = transactions.readInTenant(admin.tenantId(), () -> lists
			.list(new RunFilter(status, null, null, null, null), null, BULK_LIMIT)
			.stream()
			.filter(run -> reason == null || reason.equals(cause(run)))
			.map(Run::id)
			.toList());
		String cause = status == RunStatus.START_FAILED ? "failed to start" : reason == null ? "needs attention" : reason;
		return repairEach(admin, due, cause, batchKey);
	}

	/**
	 * Repairs every run of {@code cause} (up to {@link #BULK_LIMIT} at a time, longest waiting
	 * first; the same action again goes on with the rest). Each run is repaired as by
	 * {@link #repair}, under the key {@code batchKey:runId}, so the same action sent again answers
	 * the runs done and goes on with the rest; a run that moved on meanwhile is skipped; an
	 * unreachable Temporal stops the action (the rest stay as they were). Each repair is audited
	 * ({@code run.repaired}), and so is the action ({@code run.repaired_all}).
	 */
	public BulkRepair repairAll(AppUser admin, RepairCause cause, String batchKey) {
		if (cause == null) {
			throw new DomainException.InvalidInput("cause", "must be one of " + LowerCaseName.values(RepairCause.class));
		}
		checkBulk(admin, batchKey);
		List<UUID> due = transactions.readInTenant(admin.tenantId(), () -> runs.repairable(cause, BULK_LIMIT));
		return repairEach(admin, due, cause.value(), batchKey);
	}

	private static void checkBulk(AppUser admin, String batchKey) {
		if (!StringUtils.hasText(batchKey) || batchKey.length() > MAX_KEY - 40) {
			throw new DomainException.InvalidInput("Idempotency-Key", "is required (at most " + (MAX_KEY - 40) + " characters)");
		}
		if (!admin.roles().contains(Role.ADMIN)) {
			throw new DomainException.Forbidden("Only an admin may repair a run.");
		}
	}

	private BulkRepair repairEach(AppUser admin, List<UUID> due, String cause, String batchKey) {
		List<Repair> done = new ArrayList<>();
		int skipped = 0;
		String stopped = null;
		for (UUID runId : due) {
			try {
				done.add(repair(admin, runId, batchKey + ":" + runId));
			}
			catch (DomainException.Conflict | DomainException.NotFound e) {
				skipped++;
			}
			catch (TemporalUnavailableException e) {
				log.warn("Repair of all runs that {} stopped after {} of {}: Temporal unreachable", cause, done.size(),
						due.size());
				stopped = "Temporal is not answering; " + (due.size() - done.size() - skipped) + " run(s) were not repaired yet";
				break;
			}
		}
		BulkRepair bulk = new BulkRepair(cause, done, skipped, stopped);
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("cause", cause);
		detail.put("runs", due.size());
		detail.put("started", bulk.started());
		detail.put("failed", bulk.failed());
		detail.put("skipped", skipped);
		if (stopped != null) {
			detail.put("stoppedBecause", stopped);
		}
		transactions.runInTenant(admin.tenantId(), () -> audit.record(admin.getUsername(), "run.repaired_all", detail));
		log.info("{} repaired every run that {}: {} repair(s), {} skipped", admin.getUsername(), cause, done.size(), skipped);
		return bulk;
	}

	private static String cause(Run run) {
		return run.status() == RunStatus.START_FAILED ? run.statusReason()
				: run.attention() == null ? null : run.attention().reason();
	}

	/** The repairs of a run, newest first. */
	public List<Repair> repairs(String tenantId, UUID runId) {
		return transactions.readInTenant(tenantId, () -> repairs.forRun(runId));
	}

	private Plan decide(String actor, UUID runId, String key, String tenant) {
		Run run = runs.lock(runId).orElseThrow(() -> new DomainException.NotFound("No run " + runId + "."));
		Optional<Repair> previous = repairs.findByKey(actor, key);
		if (previous.isPresent()) {
			if (!previous.get().runId().equals(runId)) {
				throw new DomainException.Conflict("This Idempotency-Key was already used for a different request.");
			}
			// a repair that failed (Temporal unreachable: 503) is tried again by the same request
			boolean retry = previous.get().outcome() == RepairOutcome.FAILED && repairable(run);
			if (!retry) {
				return new Plan(previous.get(), null, true, false);
			}
		}
		if (!repairable(run)) {
			throw new DomainException.Conflict("The run is " + run.status().value()
					+ "; only a run that needs attention or failed to start can be repaired.");
		}
		List<Stage> plan = stages.forRun(runId);
		if (run.status() == RunStatus.START_FAILED) {
			return startAgain(actor, key, tenant, run, plan, previous);
		}
		List<Action> history = actions.forRun(runId);
		Resume resume = resume(run, plan, history);
		String at = resume.stageIndex() < plan.size() ? plan.get(resume.stageIndex()).name() : "the end";
		Repair repair = previous.isPresent() ? repairs.retry(previous.get().id(), run.attention().reason(), at)
				: repairs.insert(runId, actor, key, run.attention().reason(), at);
		List<StagePlan> stagePlans = plan.stream()
			.map(stage -> new StagePlan(stage.id(), stage.name(), stage.kind(), stage.requiredApprovals(), stage.grants()))
			.toList();
		return new Plan(repair, new StartRequest(tenant, runId, run.definitionKey(), stagePlans, resume), false, false);
	}

	private static boolean repairable(Run run) {
		return run.status() == RunStatus.NEEDS_ATTENTION || run.status() == RunStatus.START_FAILED;
	}

	/**
	 * A run that failed to start is {@code requested} again and started: afresh when it never had
	 * an execution (as a retried start request would), from the projection when its execution
	 * ended without activating the first stage (a new execution after the closed one). The reason
	 * it failed is kept on the repair.
	 */
	private Plan startAgain(String actor, String key, String tenant, Run run, List<Stage> plan,
			Optional<Repair> previous) {
		String reason = run.statusReason() == null ? "failed to start" : run.statusReason();
		Resume resume = run.workflowId() == null ? null : resume(run, plan, actions.forRun(run.id()));
		Repair repair = previous.isPresent() ? repairs.retry(previous.get().id(), reason, plan.get(0).name())
				: repairs.insert(run.id(), actor, key, reason, plan.get(0).name());
		runs.reopenForRepair(run.id());
		List<StagePlan> stagePlans = plan.stream()
			.map(stage -> new StagePlan(stage.id(), stage.name(), stage.kind(), stage.requiredApprovals(), stage.grants()))
			.toList();
		return new Plan(repair, new StartRequest(tenant, run.id(), run.definitionKey(), stagePlans, resume), false, true);
	}

	/** Where the projection says the run is, as the workflow resumes it. */
	static Resume resume(Run run, List<Stage> plan, List<Action> history) {
		int index = 0;
		for (int i = 0; i < plan.size(); i++) {
			if (plan.get(i).id().equals(run.currentStageId())) {
				index = i;
			}
		}
		List<Granted> granted = new ArrayList<>();
		for (int i = 0; i < index; i++) {
			Stage stage = plan.get(i);
			stage.grants().forEach(grant -> granted.add(new Granted(stage.id(), grant)));
		}
		List<UUID> settled = history.stream().filter(Action::settled).map(Action::id).toList();
		Stage current = plan.get(index);
		switch (current.status()) {
			case APPROVED, COMPLETED -> {
				current.grants().forEach(grant -> granted.add(new Granted(current.id(), grant)));
				return new Resume(index + 1, 0, 0, List.of(), granted, settled, false, null, 0, 0);
			}
			case REJECTED, WITHDRAWN -> {
				return new Resume(index, current.round(), 0, List.of(), granted, settled, false, current.status().value(), 0, 0);
			}
			case RETURNED -> {
				return new Resume(index, current.round(), 0, List.of(), granted, settled, true, null, 0, 0);
			}
			default -> {
				List<String> approvedBy = history.stream()
					.filter(action -> action.action() == ActionKind.APPROVE && action.outcome() == ActionOutcome.APPLIED
							&& current.id().equals(action.stageId()) && action.round() != null
							&& action.round() == current.round())
					.map(Action::actor)
					.distinct()
					.toList();
				return new Resume(index, current.round(), approvedBy.size(), approvedBy, granted, settled, false, null, 0, 0);
			}
		}
	}
}
