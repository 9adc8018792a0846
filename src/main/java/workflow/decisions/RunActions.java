package workflow.decisions;

import java.util.Objects;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.StringUtils;

import platform.ApiException;
import platform.AppUser;
import platform.Role;
import platform.TenantTransactions;
import workflow.Action;
import workflow.Run;
import workflow.Stage;
import workflow.projection.ActionRepository;
import workflow.projection.RunRepository;
import workflow.projection.StageRepository;

/**
 * Actions on runs, for the API and the console alike. The action row is written in the request's
 * transaction after the rules are checked; the signal to the workflow is sent only after commit.
 * An idempotency key the actor already used returns that action (no second action or signal).
 */
@Service
public class RunActions {

	static final int MAX_COMMENT = 2000;
	static final int MAX_KEY = 200;

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final SignalDelivery delivery;

	RunActions(TenantTransactions transactions, RunRepository runs, StageRepository stages, ActionRepository actions,
			SignalDelivery delivery) {
		this.transactions = transactions;
		this.runs = runs;
		this.stages = stages;
		this.actions = actions;
		this.delivery = delivery;
	}

	/** What a user asks for; {@code stageId} is required for decisions, optional otherwise. */
	public record Request(String action, UUID stageId, String comment, String idempotencyKey) {
	}

	public Action act(AppUser user, UUID runId, Request request) {
		validate(request);
		String tenant = user.tenantId();
		Action action = transactions.inTenant(tenant, () -> record(user, runId, request));
		if (!action.settled() && action.signalSentAt() == null) {
			afterCommit(() -> delivery.deliver(tenant, action));
		}
		return transactions.readInTenant(tenant, () -> actions.find(action.id()).orElse(action));
	}

	private Action record(AppUser user, UUID runId, Request request) {
		String actor = user.getUsername();
		Run run = runs.lock(runId).orElseThrow(() -> new ApiException.NotFound("No run " + runId + "."));
		var previous = actions.findByKey(actor, request.idempotencyKey());
		if (previous.isPresent()) {
			return sameRequest(previous.get(), runId, request.action());
		}
		boolean decision = Action.DECISIONS.contains(request.action());
		if (!user.hasRole(decision ? Role.APPROVER : Role.HR)) {
			throw new ApiException.Forbidden("Only " + (decision ? "an approver" : "HR") + " may " + request.action() + ".");
		}
		if (run.finished()) {
			throw new ApiException.Conflict("The run is " + run.status() + " and takes no more actions.");
		}
		if (decision) {
			Stage stage = decidableStage(run, request.stageId(), actor);
			return insert(runId, stage.id(), stage.round(), actor, request);
		}
		if (request.stageId() != null && run.currentStageId() != null && !request.stageId().equals(run.currentStageId())) {
			throw new ApiException.Conflict("The run has moved on to another stage; reload it.");
		}
		if (Action.RESUBMIT.equals(request.action())) {
			if (!Run.RETURNED.equals(run.status())) {
				throw new ApiException.Conflict("Only a returned run can be resubmitted; this one is " + run.status() + ".");
			}
			return insert(runId, run.currentStageId(), null, actor, request);
		}
		Action withdraw = insert(runId, run.currentStageId(), null, actor, request);
		if (Run.REQUESTED.equals(run.status()) && run.workflowId() == null) {
			// no process yet: the start handler (serialised by the run lock) will find the run withdrawn
			runs.finish(runId, Run.WITHDRAWN, "withdrawn before the workflow started");
			actions.settleUndelivered(withdraw.id(), Action.APPLIED, "withdrawn before the workflow started");
			return actions.find(withdraw.id()).orElseThrow();
		}
		return withdraw;
	}

	private Stage decidableStage(Run run, UUID stageId, String actor) {
		if (!Run.RUNNING.equals(run.status())) {
			throw new ApiException.Conflict("The run is " + run.status() + "; no stage awaits decisions.");
		}
		if (stageId == null) {
			throw new ApiException.InvalidInput("stageId", "is required");
		}
		Stage stage = stages.find(stageId)
			.filter(s -> s.runId().equals(run.id()))
			.orElseThrow(() -> new ApiException.NotFound("No stage " + stageId + " in run " + run.id() + "."));
		if (!Stage.ACTIVE.equals(stage.status())) {
			throw new ApiException.Conflict("The stage is " + stage.status() + " and awaits no decisions.");
		}
		if (!stage.assignees().contains(actor)) {
			throw new ApiException.Forbidden("You are not assigned to this stage.");
		}
		if (actions.hasDecided(stage.id(), stage.round(), actor)) {
			throw new ApiException.Conflict("You already decided this stage.");
		}
		return stage;
	}

	private Action insert(UUID runId, UUID stageId, Integer round, String actor, Request request) {
		String comment = StringUtils.hasText(request.comment()) ? request.comment().strip() : null;
		return actions.insert(runId, stageId, round, actor, request.action(), comment, request.idempotencyKey())
			// the only conflict left after the checks: a concurrent decision of the same actor
			.orElseThrow(() -> new ApiException.Conflict("You already decided this stage."));
	}

	private static Action sameRequest(Action previous, UUID runId, String action) {
		if (!previous.runId().equals(runId) || !Objects.equals(previous.action(), action)) {
			throw new ApiException.Conflict("This Idempotency-Key was already used for a different request.");
		}
		return previous;
	}

	private static void validate(Request request) {
		if (!Action.ALL.contains(request.action())) {
			throw new ApiException.NotFound("No action " + request.action() + ".");
		}
		String key = request.idempotencyKey();
		if (!StringUtils.hasText(key) || key.length() > MAX_KEY) {
			throw new ApiException.InvalidInput("Idempotency-Key", "is required (at most " + MAX_KEY + " characters)");
		}
		boolean needsComment = Action.REJECT.equals(request.action()) || Action.RETURN.equals(request.action());
		if (needsComment && !StringUtils.hasText(request.comment())) {
			throw new ApiException.InvalidInput("comment", "is required to " + request.action());
		}
		if (request.comment() != null && request.comment().length() > MAX_COMMENT) {
			throw new ApiException.InvalidInput("comment", "must be at most " + MAX_COMMENT + " characters");
		}
	}

	/** Runs {@code work} after the surrounding transaction commits, or now when there is none. */
	private static void afterCommit(Runnable work) {
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					work.run();
				}
			});
		}
		else {
			work.run();
		}
	}
}
