package workflow;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

import platform.Page;
import platform.DomainException;
import platform.AppUser;
import platform.DomainException;
import workflow.RunPolicy.Actor;
import workflow.RunPolicy.StageFacts;
import workflow.attention.RunReconciliation;
import workflow.attention.RunRepair;
import workflow.decisions.RunActions;
import workflow.queries.RunQueries;

/**
 * The module's front door for its pages, its API and its tests: read runs (from the projection,
 * never the engine), act on them, and ask {@link RunPolicy} what a user may do on one.
 */
@Service
public class Runs {

	/** The nav badges' counts stop here (the badge says "99+"): counting every row costs more than a page. */
	public static final int INBOX_COUNT_CAP = 100;

	public static final int DEFAULT_LIMIT = 20;

	private final RunQueries queries;
	private final RunActions actions;
	private final RunRepair repair;
	private final RunReconciliation reconciliation;
	private final GrantPlans plans;

	Runs(RunQueries queries, RunActions actions, RunRepair repair, RunReconciliation reconciliation, GrantPlans plans) {
		this.queries = queries;
		this.actions = actions;
		this.repair = repair;
		this.reconciliation = reconciliation;
		this.plans = plans;
	}

	/** The status a {@code status} request parameter names; null when blank, a 400 when unknown. */
	public static RunStatus statusParameter(String value) {
		if (!StringUtils.hasText(value)) {
			return null;
		}
		List<String> known = Arrays.stream(RunStatus.values()).map(RunStatus::value).sorted().toList();
		if (!known.contains(value)) {
			throw new DomainException.InvalidInput("status", "must be one of " + known);
		}
		return RunStatus.of(value);
	}

	/** One page of the runs list (the page and the API): runs with their current stage, newest first. */
	public Page<RunRow> rows(String tenantId, RunFilter filter, String cursor, int limit) {
		return queries.rows(tenantId, filter, cursor, limit);
	}

	public RunDetail detail(String tenantId, UUID runId) {
		return queries.detail(tenantId, runId);
	}

	/**
	 * What approving the open stage of {@code detail} would change in the directories, computed now:
	 * one plan per grant of the stage; none when no approval stage with grants is open, nor while an
	 * action waits for the workflow ({@link RunDetail#actionPending}). That is when the run page
	 * polls (every second until the workflow caught up) and an API client waits for its decision to
	 * land: the stage may close at any moment, and each plan asks every target, up to about 2 s
	 * each, so those reads skip it; the first read after the workflow applied the action computes it.
	 */
	public List<GrantPlan> plan(String tenantId, RunDetail detail) {
		Stage current = detail.currentStage();
		if (detail.run().finished() || detail.actionPending() || current == null || current.kind() != StageKind.APPROVAL
				|| current.grants().isEmpty()
				|| !(current.status() == StageStatus.ACTIVE || current.status() == StageStatus.BLOCKED)) {
			return List.of();
		}
		return plans.plan(tenantId, current.grants(), detail.run().employeeId(), detail.run().grantee());
	}

	/** The run an HR change asked for (its event's idempotency key), once the workflow created it. */
	public java.util.Optional<UUID> runFor(String tenantId, String triggerKey) {
		return queries.runFor(tenantId, triggerKey);
	}

	/** Active stages waiting for the user's decision, oldest first. */
	public List<InboxItem> inbox(AppUser user, int limit) {
		return queries.inbox(user, limit);
	}

	/** One page of the user's inbox, oldest first, after {@code cursor} (a token of a previous page, or null). */
	public Page<InboxItem> inboxPage(AppUser user, String cursor, int limit) {
		return queries.inboxPage(user, cursor, limit);
	}

	/** Those of {@code stageIds} that wait for the user's decision (what a bulk approval may act on). */
	public List<InboxItem> inboxItems(AppUser user, Collection<UUID> stageIds) {
		return queries.inboxItems(user, stageIds);
	}

	/** How many stages await the user; {@link #INBOX_COUNT_CAP} means "at least that many". */
	public int inboxCount(AppUser user) {
		return queries.inboxCount(user, INBOX_COUNT_CAP);
	}

	/** The runs that need HR (HR's queue), longest waiting first. */
	public List<HrWorkItem> hrWork(String tenantId, int limit) {
		return queries.hrWork(tenantId, limit);
	}

	/** How many runs need HR; {@link #INBOX_COUNT_CAP} means "at least that many". */
	public int hrWorkCount(String tenantId) {
		return queries.hrWorkCount(tenantId, INBOX_COUNT_CAP);
	}

	/** Display names of users (approvers, requesters, managers) for the pages; unknown ones keep their username. */
	public Map<String, String> displayNames(String tenantId, Collection<String> usernames) {
		return queries.displayNames(tenantId, usernames);
	}

	/** Records the action (the workflow applies it asynchronously) and returns it. */
	public Action act(AppUser user, UUID runId, ActionRequest request) {
		return actions.act(user, runId, request);
	}

	/**
	 * An ADMIN repairs a run that needs attention: its workflow starts again from the projection's
	 * state (see {@link RunRepair}); a replayed Idempotency-Key answers the same repair.
	 */
	public Repair repair(AppUser admin, UUID runId, String idempotencyKey) {
		return repair.repair(admin, runId, idempotencyKey);
	}

	/** An ADMIN repairs every run of one cause (see {@link RunRepair#repairAll}). */
	public BulkRepair repairAll(AppUser admin, RunStatus status, String reason, String batchKey) {
		return repair.repairAll(admin, status, reason, batchKey);
	}

	/** An ADMIN repairs every run of one cause (see {@link RunRepair#repairAll(AppUser, RepairCause, String)}). */
	public BulkRepair repairAll(AppUser admin, RepairCause cause, String batchKey) {
		return repair.repairAll(admin, cause, batchKey);
	}

	/** The tenant's last reconciliation round, if one ran. */
	public Optional<ReconcileRound> lastReconcileRound(String tenantId) {
		return reconciliation.lastRound(tenantId);
	}

	/** The run's repairs, newest first. */
	public List<Repair> repairs(String tenantId, UUID runId) {
		queries.detail(tenantId, runId);
		return repair.repairs(tenantId, runId);
	}

	/** What the admin's needs-attention page lists. */
	public AttentionOverview attention(String tenantId) {
		return queries.attention(tenantId);
	}

	/**
	 * The actions the user may take on the run now: the buttons the console shows, by the rules a
	 * decision is checked by (separation of duties included).
	 */
	public Set<ActionKind> allowedActions(AppUser user, RunDetail detail) {
		Stage current = detail.currentStage();
		StageFacts facts = current == null ? null
				: StageFacts.of(current, detail.actions()).with(actions.exclusions(user, detail.run(), current));
		return RunPolicy.allowed(new Actor(user.getUsername(), user.roles()), detail.run().status(), facts);
	}
}
