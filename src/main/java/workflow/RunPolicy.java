package workflow;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import platform.Role;

/**
 * Which actions an actor may take on a run, and if not, why: the one rule set behind the API's
 * checks, the console's buttons and the workflow's own guards. Pure (no Spring, no database, no
 * clock), so the Temporal workflow calls it deterministically. The rules come in the order the
 * API checks them: the actor's role, the run, then the stage a decision is about.
 */
public final class RunPolicy {

	/** Why an action is refused; {@link #forbidden()} ones are about who asks, the others about the run's state. */
	public enum Refusal {

		/** Decisions need an approver; resubmit and withdraw need HR. */
		ROLE_MISSING(true),
		RUN_FINISHED(false),
		/** A decision on a run that is not running. */
		NO_STAGE_AWAITS_DECISIONS(false),
		/** A resubmit of a run that is not returned. */
		NOT_RETURNED(false),
		/** A run action for a stage that is no longer the current one. */
		MOVED_ON(false),
		/** A decision for a stage (or round) that does not await decisions. */
		STAGE_NOT_ACTIVE(false),
		NOT_ASSIGNED(true),
		ALREADY_DECIDED(false),
		/** Separation of duties: the employee of the run never approves it. */
		OWN_RUN(true),
		/** Separation of duties: the HR user who asked for the run never approves it (unless its definition allows it). */
		OWN_REQUEST(true),
		/** Separation of duties: the stage's approvers must differ from those of an earlier stage, and this one approved it. */
		SAME_APPROVER(true),
		/** Who may hold an assignment: an enabled APPROVER of the stage's pool. */
		NOT_ELIGIBLE(false);

		private final boolean forbidden;

		Refusal(boolean forbidden) {
			this.forbidden = forbidden;
		}

		public boolean forbidden() {
			return forbidden;
		}
	}

	/** Who acts. */
	public record Actor(String username, Set<Role> roles) {
	}

	/**
	 * Who may not approve a stage, whatever their assignment: {@code ownRun} are the users the run
	 * is about (the employee, recognised by the work email), {@code requester} the HR user whose
	 * write asked for the run ({@code workflow_runs.requested_by}; null when the event did not name
	 * one or the run's definition lets the requester approve), {@code approvedDistinctStage} those
	 * who approved the earlier stage this one must differ from
	 * ({@link workflow.definition.DefinitionStage#distinctFrom()}).
	 */
	public record Exclusions(Set<String> ownRun, String requester, Set<String> approvedDistinctStage) {

		public static final Exclusions NONE = new Exclusions(Set.of(), null, Set.of());

		public Exclusions {
			ownRun = Set.copyOf(ownRun);
			approvedDistinctStage = Set.copyOf(approvedDistinctStage);
		}

		/** The requester separation of duties keeps off a run: none when its definition allows requester approval. */
		public static String requesterOf(Run run) {
			return run.requesterMayApprove() ? null : run.requestedBy();
		}
	}

	/**
	 * The stage a decision is about; {@code decidedBy} are the users who decided it in {@code round};
	 * {@code exclusions} who may not approve it (separation of duties).
	 */
	public record StageFacts(UUID id, int round, StageStatus status, List<String> assignees, Set<String> decidedBy,
			Exclusions exclusions) {

		/** Facts without exclusions: the caller checked separation of duties itself (the workflow trusts the recorder). */
		public StageFacts(UUID id, int round, StageStatus status, List<String> assignees, Set<String> decidedBy) {
			this(id, round, status, assignees, decidedBy, Exclusions.NONE);
		}

		/** These facts with the exclusions that hold for the actor. */
		public StageFacts with(Exclusions exclusions) {
			return new StageFacts(id, round, status, assignees, decidedBy, exclusions);
		}

		/** The facts of a stage from its action history. */
		public static StageFacts of(Stage stage, List<Action> actions) {
			Set<String> decided = new HashSet<>();
			actions.stream()
				// a decision the workflow ignored did not count: its approver may decide again
				.filter(action -> stage.id().equals(action.stageId()) && Objects.equals(stage.round(), action.round())
						&& action.action().decision() && action.outcome() != ActionOutcome.IGNORED)
				.forEach(action -> decided.add(action.actor()));
			return new StageFacts(stage.id(), stage.round(), stage.status(), stage.assignees(), decided);
		}
	}

	private RunPolicy() {
	}

	/** The role an action needs: an approver decides, HR resubmits and withdraws. */
	public static Role requiredRole(ActionKind action) {
		return action.decision() ? Role.APPROVER : Role.HR;
	}

	public static Optional<Refusal> refuseForRole(Set<Role> roles, ActionKind action) {
		return roles.contains(requiredRole(action)) ? Optional.empty() : Optional.of(Refusal.ROLE_MISSING);
	}

	/**
	 * The rules of the run: a finished run takes nothing; a decision needs a running run; a
	 * resubmit a returned one; a run action naming a stage must name the current one.
	 */
	public static Optional<Refusal> refuseForRun(ActionKind action, RunStatus status, UUID currentStageId,
			UUID requestedStageId) {
		if (status.finished()) {
			return Optional.of(Refusal.RUN_FINISHED);
		}
		if (action.decision()) {
			return status == RunStatus.RUNNING ? Optional.empty() : Optional.of(Refusal.NO_STAGE_AWAITS_DECISIONS);
		}
		if (action == ActionKind.RESUBMIT && status != RunStatus.RETURNED) {
			return Optional.of(Refusal.NOT_RETURNED);
		}
		if (requestedStageId != null && currentStageId != null && !requestedStageId.equals(currentStageId)) {
			return Optional.of(Refusal.MOVED_ON);
		}
		return Optional.empty();
	}

	/**
	 * The rules of a decision on stage {@code stageId} in {@code round}: the stage must be active
	 * in that round, the actor assigned to it and not have decided it yet.
	 */
	public static Optional<Refusal> refuseForStage(String actor, UUID stageId, Integer round, StageFacts stage) {
		if (stage == null || stage.status() != StageStatus.ACTIVE || !stage.id().equals(stageId)
				|| !Objects.equals(round, stage.round())) {
			return Optional.of(Refusal.STAGE_NOT_ACTIVE);
		}
		Optional<Refusal> separation = refuseForSeparation(actor, stage.exclusions());
		if (separation.isPresent()) {
			return separation;
		}
		if (!stage.assignees().contains(actor)) {
			return Optional.of(Refusal.NOT_ASSIGNED);
		}
		if (stage.decidedBy().contains(actor)) {
			return Optional.of(Refusal.ALREADY_DECIDED);
		}
		return Optional.empty();
	}

	/**
	 * Separation of duties: {@code person} may neither decide nor be assigned a stage of their
	 * own run, nor of a run they asked for, nor one whose approvers must differ from an earlier
	 * stage's when they approved it.
	 */
	public static Optional<Refusal> refuseForSeparation(String person, Exclusions exclusions) {
		if (exclusions.ownRun().contains(person)) {
			return Optional.of(Refusal.OWN_RUN);
		}
		if (person != null && person.equals(exclusions.requester())) {
			return Optional.of(Refusal.OWN_REQUEST);
		}
		if (exclusions.approvedDistinctStage().contains(person)) {
			return Optional.of(Refusal.SAME_APPROVER);
		}
		return Optional.empty();
	}

	/**
	 * Whether {@code candidate} may hold an assignment of a stage: an enabled APPROVER
	 * ({@code approver}) of the stage's pool ({@code inPool}: its group, or the employee's manager,
	 * and whom its escalation added), and not excluded by separation of duties. A delegate stands in
	 * for an assignee, and an escalation adds its approver from outside the pool (the manager's
	 * manager, a named group), so the pool does not apply to them ({@code inPool} true); deciding
	 * then needs the assignment ({@link #refuseForStage}), whoever gave it.
	 */
	public static Optional<Refusal> refuseAssignee(String candidate, boolean approver, boolean inPool, Exclusions exclusions) {
		if (!approver || !inPool) {
			return Optional.of(Refusal.NOT_ELIGIBLE);
		}
		return refuseForSeparation(candidate, exclusions);
	}

	/** What the actor may do now, in the console's order; {@code current} is null without a current stage. */
	public static Set<ActionKind> allowed(Actor actor, RunStatus status, StageFacts current) {
		Set<ActionKind> allowed = EnumSet.noneOf(ActionKind.class);
		UUID currentStageId = current == null ? null : current.id();
		for (ActionKind action : ActionKind.values()) {
			boolean refused = refuseForRole(actor.roles(), action)
				.or(() -> refuseForRun(action, status, currentStageId, currentStageId))
				.or(() -> action.decision() ? refuseForStage(actor.username(), currentStageId,
						current == null ? null : current.round(), current) : Optional.empty())
				.isPresent();
			if (!refused) {
				allowed.add(action);
			}
		}
		return allowed;
	}
}
