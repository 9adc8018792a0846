package workflow.projection;

import java.time.Instant;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunReturned;
import outbox.catalog.RunStarted;
import outbox.catalog.StageDecided;
import outbox.catalog.StageDecision;
import outbox.catalog.StageActivated;
import outbox.catalog.StageNotified;
import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionOutcome;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageKind;
import workflow.StageStatus;
import workflow.assignees.AssigneeResolver;
import workflow.endings.RunEndings;
import workflow.store.ActionRepository;
import workflow.store.GrantRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * The projection writes the workflow's activities make, each in its own tenant unit of work and
 * each idempotent (an activity may run again after its result was lost). Engine-neutral: the
 * activity adapter translates its results and {@link PermanentProjectionFailure}. A grant recorded
 * or compensated is announced as a {@link GrantRecorded} in the same transaction.
 */
@Service
public class RunProjection {

	private static final Logger log = LoggerFactory.getLogger(RunProjection.class);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final GrantRepository grants;
	private final AssigneeResolver assignees;
	private final RunEndings endings;
	private final OutboxPublisher outbox;
	private final Clock clock;

	RunProjection(TenantTransactions transactions, RunRepository runs, StageRepository stages, ActionRepository actions,
			GrantRepository grants, AssigneeResolver assignees, RunEndings endings, OutboxPublisher outbox, Clock clock) {
		this.clock = clock;
		this.outbox = outbox;
		this.transactions = transactions;
		this.runs = runs;
		this.stages = stages;
		this.actions = actions;
		this.grants = grants;
		this.assignees = assignees;
		this.endings = endings;
	}

	/** Tries to activate the stage for {@code round}; only a successful activation writes. */
	public Activation activate(String tenantId, UUID runId, UUID stageId, int round) {
		return transactions.inTenant(tenantId, () -> {
			Run run = runs.lock(runId).orElseThrow(() -> new PermanentProjectionFailure("run " + runId + " does not exist"));
			if (run.finished()) {
				return new Activation(ActivationState.RUN_CLOSED, List.of(), "run is " + run.status().value());
			}
			Stage stage = stage(runId, stageId);
			boolean notify = stage.kind() == StageKind.NOTIFY;
			if (stage.round() == round && (stage.status() == StageStatus.ACTIVE || stage.status() == StageStatus.COMPLETED
					|| stage.stranded())) {
				// a retried activity, or a wait that continued as new: report the activation that happened
				// (a stranded stage keeps its assignees and count; it is active again once one can decide)
				return new Activation(notify ? ActivationState.NOTIFIED : ActivationState.ACTIVE, stage.assignees(), null);
			}
			AssigneeResolver.Assignment assignment = notify ? new AssigneeResolver.Assignment(assignees.recipients(stage), Map.of())
					: assignees.assign(run, stage, LocalDate.now(clock));
			List<String> people = assignment.assignees();
			if (!notify && people.size() < stage.requiredApprovals()) {
				String blocked = assignees.blockedReason(run, stage, people);
				return new Activation(ActivationState.BLOCKED, people,
						assignment.notice() == null ? blocked : assignment.notice() + "; " + blocked);
			}
			boolean activated = stages.activate(stageId, round, people, assignment.delegatedFor(), notify,
					notify && people.isEmpty() ? assignees.nobodyToNotify(stage) : assignment.notice());
			runs.markRunning(runId, stageId);
			if (activated && run.status() == RunStatus.REQUESTED) {
				announceStart(run);
			}
			if (activated && !notify) {
				announceActivation(run, stage, round, people, assignment.delegatedFor());
			}
			if (activated && notify && !people.isEmpty()) {
				// the group's members are told by mail (notifications)
				outbox.publish(new StageNotified(run.id(), stage.id(), round, stage.title() == null ? stage.name() : stage.title(),
						RunDefinition.of(run.definitionKey()), run.employeeName(), people));
			}
			return new Activation(notify ? ActivationState.NOTIFIED : ActivationState.ACTIVE, people, null);
		});
	}

	/**
	 * The workflow cannot go on (an activity failed for good): the run needs attention until an
	 * admin repairs it. A run that is not live (finished meanwhile) is left as it is.
	 */
	public void markNeedsAttention(String tenantId, UUID runId, String reason, String tried) {
		transactions.runInTenant(tenantId, () -> {
			if (endings.needsAttention(runId, reason, tried, clock.instant())) {
				log.warn("Run {} of tenant {} needs attention: {}", runId, tenantId, reason);
			}
		});
	}

	/** The first stage could not be activated: the run never started. */
	public void markStartFailed(String tenantId, UUID runId, String reason) {
		transactions.runInTenant(tenantId, () -> {
			if (endings.startFailed(runId, reason)) {
				log.warn("Run {} of tenant {} failed to start: {}", runId, tenantId, reason);
			}
		});
	}

	public void markStageBlocked(String tenantId, UUID runId, UUID stageId, int round, String reason, Instant until) {
		transactions.runInTenant(tenantId, () -> {
			stage(runId, stageId);
			stages.markBlocked(stageId, round, reason, until);
			runs.markCurrentStage(runId, stageId);
		});
	}

	public void applyDecision(String tenantId, DecisionOutcome decision) {
		transactions.runInTenant(tenantId, () -> {
			actions.settle(decision.actionId(), decision.outcome(), decision.reason());
			if (decision.outcome() != ActionOutcome.APPLIED) {
				return;
			}
			if (decision.stageId() != null && decision.stageStatus() != null) {
				Stage stage = stage(decision.runId(), decision.stageId());
				if (decision.stageStatus() == StageStatus.ACTIVE) {
					stages.recordApprovals(stage.id(), decision.round(), decision.approvals());
				}
				else {
					stages.close(stage.id(), decision.stageStatus(), decision.approvals());
					announceDecision(decision, stage);
					if (decision.stageStatus() == StageStatus.RETURNED) {
						announceReturn(decision, stage);
					}
					if (decision.stageStatus() == StageStatus.APPROVED) {
						for (String grant : stage.grants()) {
							if (grants.grant(decision.runId(), stage.id(), grant)) {
								announce(decision.runId(), stage.id(), grant, GrantState.GRANTED);
							}
						}
					}
				}
			}
			if (decision.runStatus() != null) {
				runs.markLiveStatus(decision.runId(), decision.runStatus(), decision.reason());
			}
		});
	}

	public void compensate(String tenantId, UUID runId, UUID stageId, String grant, String reason, int step) {
		transactions.runInTenant(tenantId, () -> {
			stage(runId, stageId);
			if (grants.compensate(stageId, grant, reason, step)) {
				announce(runId, stageId, grant, GrantState.COMPENSATED);
			}
		});
	}

	public void finish(String tenantId, UUID runId, RunStatus status, String reason) {
		transactions.runInTenant(tenantId, () -> endings.finish(runId, status, reason));
	}

	/** Tells provisioning, through the outbox, what the stage's grant became and whom it is for. */
	private void announce(UUID runId, UUID stageId, String grant, GrantState state) {
		Run run = runs.find(runId).orElseThrow(() -> new PermanentProjectionFailure("run " + runId + " does not exist"));
		outbox.publish(new GrantRecorded(runId, stageId, grant, run.employeeId(), state,
				RunDefinition.of(run.definitionKey()), run.grantee()));
	}

	/** Tells other systems (webhooks), through the outbox, that the run started. */
	private void announceStart(Run run) {
		outbox.publish(new RunStarted(run.id(), run.employeeId(), RunDefinition.of(run.definitionKey()), run.employeeName(),
				run.requestedBy(), run.manager()));
	}

	/**
	 * Tells other systems (webhooks), through the outbox, what an approval stage came to and whose
	 * decision closed it (a stage closed otherwise, withdrawn with its run, is not a decision).
	 */
	private void announceDecision(DecisionOutcome decision, Stage stage) {
		StageDecision outcome = switch (decision.stageStatus()) {
			case APPROVED -> StageDecision.APPROVED;
			case REJECTED -> StageDecision.REJECTED;
			case RETURNED -> StageDecision.RETURNED;
			default -> null;
		};
		if (outcome == null) {
			return;
		}
		Run run = runs.find(decision.runId())
			.orElseThrow(() -> new PermanentProjectionFailure("run " + decision.runId() + " does not exist"));
		Optional<Action> action = actions.find(decision.actionId());
		outbox.publish(new StageDecided(run.id(), stage.id(), decision.round(),
				stage.title() == null ? stage.name() : stage.title(), RunDefinition.of(run.definitionKey()),
				run.employeeId(), run.employeeName(), outcome, action.map(Action::actor).orElse(null),
				action.map(Action::comment).orElse(null)));
	}

	/** Tells the HR user who asked for the run, through the outbox, that it waits for them. */
	private void announceReturn(DecisionOutcome decision, Stage stage) {
		Run run = runs.find(decision.runId())
			.orElseThrow(() -> new PermanentProjectionFailure("run " + decision.runId() + " does not exist"));
		Optional<Action> action = actions.find(decision.actionId());
		outbox.publish(new RunReturned(run.id(), stage.id(), decision.round(),
				stage.title() == null ? stage.name() : stage.title(), RunDefinition.of(run.definitionKey()),
				run.employeeName(), run.requestedBy(), action.map(Action::actor).orElse(null),
				action.map(Action::comment).orElse(null)));
	}

	/** Tells the assignees' notifications, through the outbox, what they may now decide and by when. */
	private void announceActivation(Run run, Stage stage, int round, List<String> people, Map<String, String> delegatedFor) {
		outbox.publish(new StageActivated(run.id(), stage.id(), round, stage.title() == null ? stage.name() : stage.title(),
				RunDefinition.of(run.definitionKey()), run.employeeName(), people, delegatedFor, stage.grants(),
				Stage.dueAt(clock.instant(), stage.slaHours())));
	}

	private Stage stage(UUID runId, UUID stageId) {
		Stage stage = stages.find(stageId)
			.orElseThrow(() -> new PermanentProjectionFailure("stage " + stageId + " does not exist"));
		if (!stage.runId().equals(runId)) {
			throw new PermanentProjectionFailure("stage " + stageId + " is not a stage of run " + runId);
		}
		return stage;
	}
}
