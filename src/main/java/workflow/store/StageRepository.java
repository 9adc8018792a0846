package workflow.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.BlockedStage;
import workflow.InboxItem;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageKind;
import workflow.StageStatus;
import workflow.definition.DefinitionStage;
import workflow.support.Rows;
import workflow.support.StagePolicies;

/** The {@code workflow_stages} table. Call inside a tenant unit of work. */
@Repository
public class StageRepository {

	private static final String COLUMNS = """
			s.id, s.run_id, s.position, s.name, s.title, s.kind, s.assignee, s.required_approvals, s.grants, s.sla_hours,
			s.status, s.round, s.approvals, s.assignees, s.activated_at, s.decided_at, s.blocked_until, s.blocked_reason,
			s.reminder_published_at, s.reminded_at, s.distinct_from, s.notice, s.stranded_at,
			s.reminders::text AS reminders, s.escalation::text AS escalation, s.reminders_sent, s.escalation_warned_at,
			s.escalated_at, s.escalated_to, s.escalation_note,
			ARRAY(SELECT d.key FROM jsonb_each_text(s.delegated_for) d ORDER BY d.key) AS delegates,
			ARRAY(SELECT d.value FROM jsonb_each_text(s.delegated_for) d ORDER BY d.key) AS delegated_owners""";

	/**
	 * The condition "stage {@code s} awaits the decision of {@code :me}": active, assigned to me,
	 * and not yet decided by me in this round (a decision the workflow ignored does not count).
	 * Bind its parameters with {@link #awaitsMe}. It is written for the plans of a large tenant: the
	 * containment {@code @>} is what the GIN index on active stages' assignees serves, and the
	 * decision test ({@link Decisions#COUNTED}) makes the anti-join one index probe per stage, not a
	 * hash of every decision the user ever made.
	 */
	static final String AWAITS_ME = awaitsMeCondition("s");

	/** {@link #AWAITS_ME} of the stage aliased {@code stage}. */
	static String awaitsMeCondition(String stage) {
		return """
				%1$s.status = :active AND %1$s.assignees @> ARRAY[CAST(:me AS text)]
				  AND NOT EXISTS (SELECT 1 FROM workflow_actions a WHERE a.stage_id = %1$s.id AND a.round = %1$s.round
				      AND a.actor = :me AND\s""".formatted(stage) + Decisions.COUNTED.formatted("a") + ")";
	}

	/** The statuses of a stage that has not taken part yet, as stored. */
	private static final List<String> NOT_STARTED = List.of(StageStatus.PENDING.value(), StageStatus.BLOCKED.value());

	/** The statuses of a stage that may still end (close), as stored. */
	private static final List<String> LIVE = List.of(StageStatus.ACTIVE.value(), StageStatus.BLOCKED.value(),
			StageStatus.RETURNED.value(), StageStatus.PENDING.value());

	private final JdbcClient jdbc;
	private final StagePolicies policies;

	StageRepository(JdbcClient jdbc, StagePolicies policies) {
		this.jdbc = jdbc;
		this.policies = policies;
	}

	/** Snapshots the definition's stages into the run; returns them in order. */
	public List<Stage> insertSnapshot(UUID runId, List<DefinitionStage> stages) {
		List<Stage> inserted = new ArrayList<>();
		for (DefinitionStage stage : stages) {
			UUID id = UUID.randomUUID();
			jdbc.sql("""
					INSERT INTO workflow_stages (id, tenant_id, run_id, position, name, title, kind, assignee,
					    required_approvals, grants, sla_hours, distinct_from, reminders, escalation)
					VALUES (:id, current_setting('app.tenant_id'), :runId, :position, :name, :title, :kind, :assignee,
					    :requiredApprovals, :grants, :slaHours, :distinctFrom, CAST(:reminders AS jsonb), CAST(:escalation AS jsonb))
					""")
				.param("id", id)
				.param("runId", runId)
				.param("position", stage.position())
				.param("name", stage.name())
				.param("title", stage.title())
				.param("kind", stage.kind().value())
				.param("assignee", stage.assignee())
				.param("requiredApprovals", stage.requiredApprovals())
				.param("grants", stage.grants().toArray(String[]::new))
				.param("slaHours", stage.slaHours())
				.param("distinctFrom", stage.distinctFrom())
				.param("reminders", policies.write(stage.reminders()))
				.param("escalation", policies.write(stage.escalation()))
				.update();
			inserted.add(find(id).orElseThrow());
		}
		return inserted;
	}

	public List<Stage> forRun(UUID runId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_stages s WHERE s.run_id = :runId ORDER BY s.position")
			.param("runId", runId)
			.query(this::map)
			.list();
	}

	public Optional<Stage> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_stages s WHERE s.id = :id")
			.param("id", id)
			.query(this::map)
			.optional();
	}

	/**
	 * Activates the stage for {@code round} with its assignees ({@code delegatedFor}: the delegates
	 * among them and whom they stand in for); a notify stage closes in the same statement, with
	 * {@code notice} when there was something to say (nobody to notify). Only a stage that is not
	 * yet active in this round changes (idempotent).
	 */
	public boolean activate(UUID id, int round, List<String> assignees, Map<String, String> delegatedFor, boolean notify,
			String notice) {
		return jdbc.sql("""
				UPDATE workflow_stages SET status = :status, round = :round, approvals = 0, assignees = :assignees,
				    delegated_for = jsonb_object(CAST(:delegates AS text[]), CAST(:owners AS text[])),
				    activated_at = now(), decided_at = CASE WHEN :notify THEN now() END,
				    blocked_until = NULL, blocked_reason = NULL, blocked_since = NULL, reminder_published_at = NULL,
				    reminded_at = NULL, notice = :notice, stranded_at = NULL, reminders_sent = 0, escalation_warned_at = NULL,
				    escalated_at = NULL, escalated_to = '{}', escalation_note = NULL,
				    nudge_at = CASE WHEN NOT :notify AND (sla_hours IS NOT NULL OR reminders IS NOT NULL OR escalation IS NOT NULL)
				        THEN now() END
				WHERE id = :id AND (status IN (:notStarted) OR (status = :returned AND round < :round))
				""")
			.param("id", id)
			.param("round", round)
			.param("notice", notice)
			.param("status", (notify ? StageStatus.COMPLETED : StageStatus.ACTIVE).value())
			.param("notStarted", NOT_STARTED)
			.param("returned", StageStatus.RETURNED.value())
			.param("notify", notify)
			.param("assignees", assignees.toArray(String[]::new))
			.param("delegates", delegatedFor.keySet().toArray(String[]::new))
			.param("owners", delegatedFor.values().toArray(String[]::new))
			.update() > 0;
	}

	/**
	 * Replaces the assignees of an active stage in {@code round} (a delegation moving an open
	 * assignment, an admin's reassignment); false when the stage is no longer active in it. A
	 * stranded stage is active again with them. Call with the run locked.
	 */
	public boolean reassign(UUID id, int round, List<String> assignees, Map<String, String> delegatedFor) {
		return jdbc.sql("""
				UPDATE workflow_stages SET assignees = :assignees,
				    delegated_for = jsonb_object(CAST(:delegates AS text[]), CAST(:owners AS text[])),
				    status = :active, stranded_at = NULL, blocked_reason = NULL, blocked_since = NULL
				WHERE id = :id AND round = :round AND (status = :active OR (status = :blocked AND stranded_at IS NOT NULL))
				""")
			.param("id", id)
			.param("round", round)
			.param("active", StageStatus.ACTIVE.value())
			.param("blocked", StageStatus.BLOCKED.value())
			.param("assignees", assignees.toArray(String[]::new))
			.param("delegates", delegatedFor.keySet().toArray(String[]::new))
			.param("owners", delegatedFor.values().toArray(String[]::new))
			.update() > 0;
	}

	/** Active stages of running runs that await {@code username}'s decision (what a delegation set now moves). */
	public List<Stage> awaiting(String username) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id"
				+ " WHERE r.status = :running AND " + AWAITS_ME + " ORDER BY s.activated_at, s.id")
			.params(inboxParams(username))
			.query(this::map)
			.list();
	}

	public void markBlocked(UUID id, int round, String reason, Instant until) {
		jdbc.sql("""
				UPDATE workflow_stages SET status = :blocked, round = :round, blocked_reason = :reason, blocked_until = :until,
				    blocked_since = CASE WHEN status = :blocked AND round = :round THEN coalesce(blocked_since, now()) ELSE now() END
				WHERE id = :id AND (status IN (:notStarted) OR (status = :returned AND round < :round))
				""")
			.param("id", id)
			.param("round", round)
			.param("reason", reason)
			.param("until", Rows.timestamp(until))
			.param("blocked", StageStatus.BLOCKED.value())
			.param("notStarted", NOT_STARTED)
			.param("returned", StageStatus.RETURNED.value())
			.update();
	}

	/**
	 * Activated stages of running runs that wait for decisions, stranded ones included (whose
	 * assignees may decide again), oldest first: what a change of the directory re-evaluates.
	 */
	public List<Stage> awaitingDecisions(int limit) {
		return awaitingDecisions(null, null, limit);
	}

	/**
	 * {@link #awaitingDecisions(int)} of those stages only that are assigned to one of {@code users}
	 * or whose assignee is one of {@code groups}: what a change concerning them re-evaluates.
	 */
	public List<Stage> awaitingDecisionsNaming(Collection<String> users, Collection<String> groups, int limit) {
		return awaitingDecisions(users.toArray(String[]::new), groups.toArray(String[]::new), limit);
	}

	/** Null names: every such stage. */
	private List<Stage> awaitingDecisions(String[] users, String[] groups, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id
				WHERE r.status = :running AND s.kind = :approval
				  AND (s.status = :active OR (s.status = :blocked AND s.stranded_at IS NOT NULL))
				  AND (CAST(:users AS text[]) IS NULL OR s.assignees && CAST(:users AS text[])
				       OR s.assignee = ANY (CAST(:groups AS text[])))
				ORDER BY s.activated_at, s.id LIMIT :limit
				""")
			.param("users", users)
			.param("groups", groups)
			.param("running", RunStatus.RUNNING.value())
			.param("approval", StageKind.APPROVAL.value())
			.param("active", StageStatus.ACTIVE.value())
			.param("blocked", StageStatus.BLOCKED.value())
			.param("limit", limit)
			.query(this::map)
			.list();
	}

	/** An active stage none of whose assignees can decide: blocked, with why, until someone can. */
	public boolean markStranded(UUID id, int round, String reason) {
		return jdbc.sql("""
				UPDATE workflow_stages SET status = :blocked, blocked_reason = :reason, blocked_until = NULL,
				    blocked_since = now(), stranded_at = now()
				WHERE id = :id AND round = :round AND status = :active
				""")
			.param("id", id)
			.param("round", round)
			.param("reason", reason)
			.param("blocked", StageStatus.BLOCKED.value())
			.param("active", StageStatus.ACTIVE.value())
			.update() > 0;
	}

	/** A stranded stage whose assignees can decide again waits for them again. */
	public boolean unstrand(UUID id, int round) {
		return jdbc.sql("""
				UPDATE workflow_stages SET status = :active, blocked_reason = NULL, blocked_since = NULL, stranded_at = NULL
				WHERE id = :id AND round = :round AND status = :blocked AND stranded_at IS NOT NULL
				""")
			.param("id", id)
			.param("round", round)
			.param("blocked", StageStatus.BLOCKED.value())
			.param("active", StageStatus.ACTIVE.value())
			.update() > 0;
	}

	/** Blocked stages of the tenant's live runs, blocked longest first. */
	public List<BlockedStage> blocked(int limit) {
		return jdbc.sql("""
				SELECT s.run_id, r.employee_name, r.definition_title, s.id, s.title, s.blocked_reason,
				       coalesce(s.blocked_since, s.blocked_until) AS since, s.blocked_until
				FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id
				WHERE s.status = :blocked AND r.status IN (:live)
				ORDER BY since NULLS LAST, s.id LIMIT :limit
				""")
			.param("blocked", StageStatus.BLOCKED.value())
			.param("live", List.of(RunStatus.RUNNING.value(), RunStatus.RETURNED.value(), RunStatus.NEEDS_ATTENTION.value()))
			.param("limit", limit)
			.query((rs, row) -> new BlockedStage(Rows.uuid(rs, "run_id"), rs.getString("employee_name"),
					rs.getString("definition_title"), Rows.uuid(rs, "id"), rs.getString("title"), rs.getString("blocked_reason"),
					Rows.instant(rs, "since"), Rows.instant(rs, "blocked_until")))
			.list();
	}

	public void recordApprovals(UUID id, int round, int approvals) {
		jdbc.sql("UPDATE workflow_stages SET approvals = :approvals WHERE id = :id AND round = :round AND status = :active")
			.param("id", id)
			.param("round", round)
			.param("approvals", approvals)
			.param("active", StageStatus.ACTIVE.value())
			.update();
	}

	/** Closes a live stage (active, blocked, or returned) with its final status; idempotent. */
	public void close(UUID id, StageStatus status, int approvals) {
		jdbc.sql("""
				UPDATE workflow_stages SET status = :status, approvals = greatest(approvals, :approvals), decided_at = now(),
				    blocked_until = NULL
				WHERE id = :id AND status IN (:live)
				""").param("id", id).param("status", status.value()).param("approvals", approvals).param("live", LIVE).update();
	}

	/**
	 * Active stages whose next reminder, escalation warning or escalation may be due at {@code now}
	 * (their {@code nudge_at}, set at activation and after each look), soonest first.
	 */
	public List<UUID> dueNudges(Instant now, int limit) {
		return jdbc.sql("""
				SELECT s.id FROM workflow_stages s WHERE s.status = :active AND s.nudge_at <= :now
				ORDER BY s.nudge_at, s.id LIMIT :limit""")
			.param("active", StageStatus.ACTIVE.value())
			.param("now", Rows.timestamp(now))
			.param("limit", limit)
			.query(UUID.class)
			.list();
	}

	/** The stage, row-locked until the transaction ends: the reminders job's look at it happens once at a time. */
	public Optional<Stage> lock(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_stages s WHERE s.id = :id FOR UPDATE")
			.param("id", id)
			.query(this::map)
			.optional();
	}

	/** Reminder {@code number} of the stage's {@code round} went out at {@code at}. */
	public void recordReminder(UUID id, int round, int number, Instant at) {
		jdbc.sql("""
				UPDATE workflow_stages SET reminders_sent = :number, reminder_published_at = :at, reminded_at = :at
				WHERE id = :id AND round = :round AND reminders_sent < :number""")
			.param("id", id)
			.param("round", round)
			.param("number", number)
			.param("at", Rows.timestamp(at))
			.update();
	}

	/** The assignees of the stage's {@code round} were warned of its escalation. */
	public void recordEscalationWarning(UUID id, int round, Instant at) {
		jdbc.sql("UPDATE workflow_stages SET escalation_warned_at = :at WHERE id = :id AND round = :round AND escalation_warned_at IS NULL")
			.param("id", id)
			.param("round", round)
			.param("at", Rows.timestamp(at))
			.update();
	}

	/**
	 * The stage's {@code round} escalated at {@code at}: to {@code to} (the approvers added or told,
	 * may be empty), with {@code note} saying why, or why nobody could be added.
	 */
	public void recordEscalation(UUID id, int round, Instant at, List<String> to, String note) {
		jdbc.sql("""
				UPDATE workflow_stages SET escalated_at = :at, escalated_to = :to, escalation_note = :note
				WHERE id = :id AND round = :round AND escalated_at IS NULL""")
			.param("id", id)
			.param("round", round)
			.param("at", Rows.timestamp(at))
			.param("to", to.toArray(String[]::new))
			.param("note", note)
			.update();
	}

	/** When the reminders job should look at the stage next (null: nothing more is due in this round). */
	public void nudgeAt(UUID id, Instant at) {
		jdbc.sql("UPDATE workflow_stages SET nudge_at = :at WHERE id = :id")
			.param("id", id)
			.param("at", Rows.timestamp(at))
			.update();
	}

	/** Active stages awaiting {@code username}'s decision, oldest first, after {@code after} (exclusive, may be null). */
	public List<InboxItem> inbox(String username, InboxCursor after, int limit) {
		Map<String, Object> params = inboxParams(username);
		String keyset = "";
		if (after != null) {
			keyset = " AND (s.activated_at, s.id) > (:afterActivatedAt, :afterId)";
			params.put("afterActivatedAt", Rows.timestamp(after.activatedAt()));
			params.put("afterId", after.stageId());
		}
		params.put("limit", limit);
		return jdbc.sql(INBOX_SELECT + keyset + " ORDER BY s.activated_at, s.id LIMIT :limit")
			.params(params)
			.query(StageRepository::inboxItem)
			.list();
	}

	/** Those of {@code stageIds} that await {@code username}'s decision, oldest first. */
	public List<InboxItem> inboxItems(String username, Collection<UUID> stageIds) {
		if (stageIds.isEmpty()) {
			return List.of();
		}
		return jdbc.sql(INBOX_SELECT + " AND s.id IN (:stageIds) ORDER BY s.activated_at, s.id")
			.params(inboxParams(username))
			.param("stageIds", stageIds)
			.query(StageRepository::inboxItem)
			.list();
	}

	private static InboxItem inboxItem(ResultSet rs, int row) throws SQLException {
		return new InboxItem(Rows.uuid(rs, "run_id"), Rows.uuid(rs, "stage_id"), rs.getString("employee_name"),
				rs.getString("department"), rs.getString("definition_key"), rs.getString("definition_title"),
				rs.getString("stage_title"), rs.getInt("approvals"), rs.getInt("required_approvals"),
				Rows.instant(rs, "activated_at"), Rows.nullableInt(rs, "sla_hours"), rs.getString("delegated_for"),
				rs.getBoolean("escalated_to_me"));
	}

	/**
	 * How many stages await {@code username}, counted up to {@code cap}: the nav badge of every
	 * page reads it, and counting thousands of waiting stages costs more than the page itself.
	 */
	public int inboxCount(String username, int cap) {
		return jdbc.sql("SELECT count(*) FROM (" + INBOX_SELECT + " ORDER BY s.activated_at, s.id LIMIT :cap) i")
			.params(inboxParams(username))
			.param("cap", cap)
			.query(Integer.class)
			.single();
	}

	/** The parameters of {@link #AWAITS_ME} for {@code username}. */
	static Map<String, Object> awaitsMe(String username) {
		return Map.of("me", username, "active", StageStatus.ACTIVE.value());
	}

	private static Map<String, Object> inboxParams(String username) {
		Map<String, Object> params = new HashMap<>(awaitsMe(username));
		params.put("running", RunStatus.RUNNING.value());
		return params;
	}

	private static final String INBOX_SELECT = """
			SELECT s.run_id, s.id AS stage_id, r.employee_name, r.department, r.definition_key, r.definition_title,
			       s.title AS stage_title, s.approvals, s.required_approvals, s.activated_at, s.sla_hours,
			       s.delegated_for ->> :me AS delegated_for, CAST(:me AS text) = ANY (s.escalated_to) AS escalated_to_me
			FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id
			WHERE r.status = :running AND\s""" + AWAITS_ME;

	private Stage map(ResultSet rs, int row) throws SQLException {
		return new Stage(Rows.uuid(rs, "id"), Rows.uuid(rs, "run_id"), rs.getInt("position"), rs.getString("name"),
				rs.getString("title"), StageKind.of(rs.getString("kind")), rs.getString("assignee"), rs.getInt("required_approvals"),
				Rows.strings(rs, "grants"), Rows.nullableInt(rs, "sla_hours"), StageStatus.of(rs.getString("status")), rs.getInt("round"),
				rs.getInt("approvals"), Rows.strings(rs, "assignees"), Rows.instant(rs, "activated_at"),
				Rows.instant(rs, "decided_at"), Rows.instant(rs, "blocked_until"), rs.getString("blocked_reason"),
				Rows.instant(rs, "reminder_published_at"), Rows.instant(rs, "reminded_at"), delegatedFor(rs),
				rs.getString("distinct_from"), rs.getString("notice"), Rows.instant(rs, "stranded_at"),
				policies.reminders(rs.getString("reminders")), policies.escalation(rs.getString("escalation")),
				rs.getInt("reminders_sent"), Rows.instant(rs, "escalation_warned_at"), Rows.instant(rs, "escalated_at"),
				Rows.strings(rs, "escalated_to"), rs.getString("escalation_note"));
	}

	private static Map<String, String> delegatedFor(ResultSet rs) throws SQLException {
		List<String> delegates = Rows.strings(rs, "delegates");
		List<String> owners = Rows.strings(rs, "delegated_owners");
		Map<String, String> delegatedFor = new java.util.TreeMap<>();
		for (int i = 0; i < delegates.size(); i++) {
			delegatedFor.put(delegates.get(i), owners.get(i));
		}
		return java.util.Collections.unmodifiableMap(delegatedFor);
	}
}
