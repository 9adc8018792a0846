package workflow.decisions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;
import org.springframework.util.StringUtils;

import platform.AppUser;
import platform.DomainException;
import platform.PlatformAudit;
import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.ActionRequest;
import workflow.Run;
import workflow.RunPolicy;
import workflow.RunPolicy.Refusal;
import workflow.RunPolicy.StageFacts;
import workflow.RunStatus;
import workflow.Stage;
import workflow.assignees.AssigneeResolver;
import workflow.endings.RunEndings;
import workflow.store.ActionRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * Actions on runs, for the API and the console alike. The action row is written in its own
 * tenant unit of work after {@link RunPolicy} allowed it; once that unit of work has committed, the
 * action is answered and its signal to the workflow is handed to the {@link SignalSender}. An
 * idempotency key the actor already used returns that action (no second action; its signal is
 * sent again while it has not gone out). Every recorded action, with its comment, goes into the
 * tenant's audit trail ({@code run.approve}, {@code run.reject}, ...) in the same unit of work.
 */
@Service
public class RunActions {

	/** The problem name of a refusal by separation of duties (API type .../problems/separation-of-duties). */
	public static final String SEPARATION_OF_DUTIES = "separation-of-duties";
	static final int MAX_COMMENT = 2000;
	static final int MAX_KEY = 200;
	private static final String WITHDRAWN_BEFORE_START = "withdrawn before the workflow started";

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final SignalDelivery delivery;
	private final SignalSender sender;
	private final RunEndings endings;
	private final AssigneeResolver assignees;
	private final PlatformAudit audit;

	RunActions(TenantTransactions transactions, RunRepository runs, StageRepository stages, ActionRepository actions,
			SignalDelivery delivery, SignalSender sender, RunEndings endings, AssigneeResolver assignees, PlatformAudit audit) {
		this.assignees = assignees;
		this.audit = audit;
		this.transactions = transactions;
		this.runs = runs;
		this.stages = stages;
		this.actions = actions;
		this.delivery = delivery;
		this.sender = sender;
		this.endings = endings;
	}

	public Action act(AppUser user, UUID runId, ActionRequest request) {
		// the signal must follow the commit: inside an enclosing transaction it would precede it
		Assert.state(!TransactionSynchronizationManager.isActualTransactionActive(),
				"act commits its own unit of work; call it outside a transaction");
		validate(request);
		String tenant = user.tenantId();
		Recorded recorded = transactions.inTenant(tenant, () -> record(user, runId, request));
		Action action = recorded.action();
		// inTenant has committed when it returns: the workflow only ever hears of a durable action,
		// and the caller does not wait for the engine (the signal state shows on the run)
		if (!action.settled() && action.signalSentAt() == null) {
			sender.submit(runId, () -> delivery.deliver(tenant, action, recorded.assignees()));
		}
		return action;
	}

	/**
	 * An action as recorded, with the assignees of the stage a new decision was checked against
	 * (the signal carries them); null for other actions and for a replayed request.
	 */
	private record Recorded(Action action, List<String> assignees) {
	}

	private Recorded record(AppUser user, UUID runId, ActionRequest request) {
		String actor = user.getUsername();
		ActionKind kind = request.action();
		Run run = runs.lock(runId).orElseThrow(() -> new DomainException.NotFound("No run " + runId + "."));
		Optional<Action> previous = actions.findByKey(actor, request.idempotencyKey());
		if (previous.isPresent()) {
			return new Recorded(sameRequest(previous.get(), runId, kind), null);
		}
		refuse(RunPolicy.refuseForRole(user.roles(), kind), run, kind);
		refuse(RunPolicy.refuseForRun(kind, run.status(), run.currentStageId(), request.stageId()), run, kind);
		if (kind.decision()) {
			Stage stage = requestedStage(run, request.stageId());
			StageFacts facts = new StageFacts(stage.id(), stage.round(), stage.status(), stage.assignees(),
					actions.hasDecided(stage.id(), stage.round(), actor) ? Set.of(actor) : Set.of(),
					assignees.exclusions(run, stage, List.of(actor)));
			refuse(RunPolicy.refuseForStage(actor, stage.id(), stage.round(), facts), stage);
			return new Recorded(insert(runId, stage.id(), stage.round(), actor, request), stage.assignees());
		}
		Action recorded = insert(runId, run.currentStageId(), null, actor, request);
		if (kind == ActionKind.WITHDRAW && run.status() == RunStatus.REQUESTED && run.workflowId() == null) {
			// no process yet: the start handler (serialised by the run lock) will find the run withdrawn
			endings.finish(runId, RunStatus.WITHDRAWN, WITHDRAWN_BEFORE_START);
			actions.settleUndelivered(recorded.id(), ActionOutcome.APPLIED, WITHDRAWN_BEFORE_START);
			return new Recorded(actions.find(recorded.id()).orElseThrow(), null);
		}
		return new Recorded(recorded, null);
	}

	/**
	 * The stage a decision is about: the one the caller named (always: a retried approve must not
	 * land on the next stage). A named stage that is no longer the current one is stale: the
	 * caller decided on what it saw, and the run has moved on since.
	 */
	private Stage requestedStage(Run run, UUID id) {
		UUID current = run.currentStageId();
		Stage stage = stages.find(id)
			.filter(s -> s.runId().equals(run.id()))
			.orElseThrow(() -> new DomainException.NotFound("No stage " + id + " in run " + run.id() + "."));
		if (!id.equals(current)) {
			throw movedOn(run);
		}
		return stage;
	}

	/** The policy's refusal of a run-level rule, worded for the actor. */
	private static void refuse(Optional<Refusal> refusal, Run run, ActionKind action) {
		refusal.ifPresent(reason -> {
			String status = run.status().value();
			throw switch (reason) {
				case ROLE_MISSING -> new DomainException.Forbidden(
						"Only " + (action.decision() ? "an approver" : "HR") + " may " + action.value() + ".");
				case RUN_FINISHED -> new DomainException.Conflict("The run is " + status + " and takes no more actions.");
				case NO_STAGE_AWAITS_DECISIONS -> new DomainException.Conflict(
						"The run is " + status + "; no stage awaits decisions.");
				case NOT_RETURNED -> new DomainException.Conflict(
						"Only a returned run can be resubmitted; this one is " + status + ".");
				default -> movedOn(run);
			};
		});
	}

	/** A request naming a stage that is no longer the run's current one. */
	private static DomainException movedOn(Run run) {
		UUID current = run.currentStageId();
		return DomainException.Conflict.stale("The run has moved on to another stage; reload it and decide again.", "stageId",
				"is not the run's current stage" + (current == null ? "" : " (" + current + ")"));
	}

	/** The policy's refusal of a stage rule, worded for the actor. */
	private static void refuse(Optional<Refusal> refusal, Stage stage) {
		refusal.ifPresent(reason -> {
			throw switch (reason) {
				case NOT_ASSIGNED -> new DomainException.Forbidden("You are not assigned to this stage.");
				case OWN_RUN -> new DomainException.Forbidden("This run is about you: you may not decide its stages.",
						SEPARATION_OF_DUTIES);
				case OWN_REQUEST -> new DomainException.Forbidden(
						"You asked for this run: separation of duties keeps you from deciding its stages.", SEPARATION_OF_DUTIES);
				case SAME_APPROVER -> new DomainException.Forbidden("You approved stage '" + stage.distinctFrom()
						+ "' of this run; '" + stage.name() + "' needs a different approver.", SEPARATION_OF_DUTIES);
				case ALREADY_DECIDED -> new DomainException.Conflict("You already decided this stage.");
				default -> new DomainException.Conflict(
						"The stage is " + stage.status().value() + " and awaits no decisions.");
			};
		});
	}

	/**
	 * What separation of duties holds against {@code user} on the run's {@code stage}, for the
	 * allowed actions the console and the API show (the same rules a decision is checked by).
	 */
	public RunPolicy.Exclusions exclusions(AppUser user, Run run, Stage stage) {
		return transactions.readInTenant(user.tenantId(), () -> assignees.exclusions(run, stage, List.of(user.getUsername())));
	}

	private Action insert(UUID runId, UUID stageId, Integer round, String actor, ActionRequest request) {
		String comment = StringUtils.hasText(request.comment()) ? request.comment().strip() : null;
		Action action = actions.insert(runId, stageId, round, actor, request.action(), comment, request.idempotencyKey())
			// the only conflict left after the checks: a concurrent decision of the same actor
			.orElseThrow(() -> new DomainException.Conflict("You already decided this stage."));
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("subject", runId.toString());
		detail.put("actionId", action.id().toString());
		detail.put("stageId", stageId == null ? null : stageId.toString());
		detail.put("round", round);
		detail.put("comment", comment);
		audit.record(actor, "run." + request.action().value(), detail);
		return action;
	}

	private static Action sameRequest(Action previous, UUID runId, ActionKind action) {
		if (!previous.runId().equals(runId) || previous.action() != action) {
			throw new DomainException.Conflict("This Idempotency-Key was already used for a different request.");
		}
		return previous;
	}

	private static void validate(ActionRequest request) {
		String key = request.idempotencyKey();
		if (!StringUtils.hasText(key) || key.length() > MAX_KEY) {
			throw new DomainException.InvalidInput("Idempotency-Key", "is required (at most " + MAX_KEY + " characters)");
		}
		ActionKind action = request.action();
		if (action.decision() && request.stageId() == null) {
			throw new DomainException.InvalidInput("stageId",
					"is required to " + action.value() + ": the id of the stage you decide (the run's currentStageId as you saw it)");
		}
		if (action.needsComment() && !StringUtils.hasText(request.comment())) {
			throw new DomainException.InvalidInput("comment", "is required to " + action.value());
		}
		if (request.comment() != null && request.comment().length() > MAX_COMMENT) {
			throw new DomainException.InvalidInput("comment", "must be at most " + MAX_COMMENT + " characters");
		}
	}
}
