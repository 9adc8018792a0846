package workflow.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.util.StringUtils;

import workflow.CurrentStage;
import workflow.HrWorkItem;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunRow;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageKind;
import workflow.StageStatus;
import workflow.support.Rows;

/**
 * The lists read from {@code workflow_runs}: the runs list with each run's current stage, and HR's
 * queue. Call inside a tenant unit of work.
 */
@Repository
public class RunListQueries {

	private final JdbcClient jdbc;

	RunListQueries(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** One page of runs, newest first, after the keyset {@code cursor} (exclusive). */
	public List<Run> list(RunFilter filter, RunCursor cursor, int limit) {
		return rows(filter, cursor, limit, null).stream().map(RunRow::run).toList();
	}

	/**
	 * One page of the runs list with each run's current stage, newest first, after the keyset
	 * {@code cursor} (exclusive). {@code now} is the moment the overdue filter compares SLA
	 * deadlines with; it may be null unless that filter is on.
	 */
	public List<RunRow> rows(RunFilter filter, RunCursor cursor, int limit, Instant now) {
		StringBuilder sql = new StringBuilder("SELECT " + RunColumns.COLUMNS + ", " + STAGE_COLUMNS + """
				 FROM workflow_runs r LEFT JOIN workflow_stages cs ON cs.id = r.current_stage_id
				WHERE true""");
		Map<String, Object> params = new HashMap<>();
		params.put("csActive", StageStatus.ACTIVE.value());
		if (filter.status() != null) {
			sql.append(" AND r.status = :status");
			params.put("status", filter.status().value());
		}
		if (StringUtils.hasText(filter.definition())) {
			sql.append(" AND r.definition_key = :definition");
			params.put("definition", filter.definition());
		}
		if (filter.employeeId() != null) {
			sql.append(" AND r.employee_id = :employeeId");
			params.put("employeeId", filter.employeeId());
		}
		if (StringUtils.hasText(filter.employeeSearch())) {
			sql.append(" AND (r.employee_name ILIKE :search OR r.employee_email ILIKE :search)");
			params.put("search", "%" + escapeLike(filter.employeeSearch().strip()) + "%");
		}
		if (StringUtils.hasText(filter.assignedTo())) {
			// the current stage (whose "waiting on" the list shows) awaits me: a run's only active
			// stage is its current one, and testing the joined row is one probe per run where an
			// EXISTS over the run's stages would read each of them
			sql.append(" AND ").append(StageRepository.awaitsMeCondition("cs"));
			params.putAll(StageRepository.awaitsMe(filter.assignedTo()));
		}
		if (filter.overdue()) {
			if (now == null) {
				throw new IllegalArgumentException("the overdue filter needs the current time");
			}
			// the same rule as the SLA reminders: an active stage of a running run past activated_at + SLA.
			// A subquery per run, not a join condition: the running runs are walked newest first and
			// each checked until the page is full (a join read every active stage of the tenant)
			sql.append(" AND r.status = :overdueRunning AND (SELECT o.activated_at + make_interval(hours => o.sla_hours)")
				.append(" FROM workflow_stages o WHERE o.id = r.current_stage_id AND o.status = :overdueActive) < :now");
			params.put("overdueRunning", RunStatus.RUNNING.value());
			params.put("overdueActive", StageStatus.ACTIVE.value());
			params.put("now", Rows.timestamp(now));
		}
		if (filter.blocked()) {
			// the stage status as a literal: a bound one cannot prove workflow_stages_blocked_idx's predicate
			sql.append(" AND cs.status = '").append(StageStatus.BLOCKED.value()).append("' AND r.status IN (:blockedLive)");
			params.put("blockedLive", BLOCKABLE);
		}
		if (cursor != null) {
			sql.append(" AND (r.created_at, r.id) < (:cursorCreatedAt, :cursorId)");
			params.put("cursorCreatedAt", Rows.timestamp(cursor.createdAt()));
			params.put("cursorId", cursor.id());
		}
		sql.append(" ORDER BY r.created_at DESC, r.id DESC LIMIT :limit");
		params.put("limit", limit);
		return jdbc.sql(sql.toString()).params(params).query(RunListQueries::mapRow).list();
	}

	/**
	 * The current stage's columns; {@code cs_waiting_on} are its assignees who have not decided in
	 * its round (what "waiting on whom" means for a stage that needs several approvals).
	 */
	private static final String STAGE_COLUMNS = """
			cs.id AS cs_id, cs.name AS cs_name, cs.title AS cs_title, cs.kind AS cs_kind, cs.status AS cs_status,
			cs.approvals AS cs_approvals, cs.required_approvals AS cs_required_approvals, cs.activated_at AS cs_activated_at,
			cs.sla_hours AS cs_sla_hours, cs.blocked_reason AS cs_blocked_reason,
			coalesce(cs.blocked_since, cs.blocked_until) AS cs_blocked_since,
			CASE WHEN cs.status = :csActive THEN ARRAY(SELECT u FROM unnest(cs.assignees) u WHERE NOT EXISTS (
			    SELECT 1 FROM workflow_actions a WHERE a.stage_id = cs.id AND a.round = cs.round AND a.actor = u
			      AND\s""" + Decisions.COUNTED.formatted("a") + ") ORDER BY u) END AS cs_waiting_on";

	/** The statuses of a run whose current stage can be blocked, as stored. */
	private static final List<String> BLOCKABLE = List.of(RunStatus.RUNNING.value(), RunStatus.RETURNED.value(),
			RunStatus.NEEDS_ATTENTION.value());

	private static RunRow mapRow(ResultSet rs, int row) throws SQLException {
		Run run = RunColumns.map(rs, row);
		UUID stageId = Rows.uuid(rs, "cs_id");
		if (stageId == null) {
			return new RunRow(run, null);
		}
		Instant activatedAt = Rows.instant(rs, "cs_activated_at");
		StageStatus status = StageStatus.of(rs.getString("cs_status"));
		Instant due = status == StageStatus.ACTIVE ? Stage.dueAt(activatedAt, Rows.nullableInt(rs, "cs_sla_hours")) : null;
		return new RunRow(run, new CurrentStage(stageId, rs.getString("cs_name"), rs.getString("cs_title"),
				StageKind.of(rs.getString("cs_kind")), status, rs.getInt("cs_approvals"), rs.getInt("cs_required_approvals"),
				Rows.strings(rs, "cs_waiting_on"), List.of(), activatedAt, due, false,
				status == StageStatus.BLOCKED ? rs.getString("cs_blocked_reason") : null,
				status == StageStatus.BLOCKED ? Rows.instant(rs, "cs_blocked_since") : null));
	}

	/**
	 * HR's queue: returned runs (with the return that sent them back), runs whose stage is blocked
	 * for lack of approvers, and failed starts that no later run of the same kind for the employee
	 * replaced; longest waiting first.
	 */
	public List<HrWorkItem> hrWork(int limit) {
		return jdbc.sql("""
				SELECT w.*, ret.comment AS return_comment, ret.actor AS returned_by FROM (%s ORDER BY since, run_id LIMIT :limit) w
				LEFT JOIN LATERAL (SELECT a.actor, a.comment FROM workflow_actions a
				                   WHERE a.run_id = w.run_id AND a.action = 'return' AND a.outcome IS DISTINCT FROM 'ignored'
				                   ORDER BY a.created_at DESC LIMIT 1) ret ON w.kind = 'returned'
				ORDER BY w.since, w.run_id""".formatted(HR_WORK))
			.param("limit", limit)
			.query((rs, row) -> new HrWorkItem(Rows.uuid(rs, "run_id"), Rows.uuid(rs, "employee_id"),
					rs.getString("employee_name"), rs.getString("definition_title"),
					HrWorkItem.Kind.valueOf(rs.getString("kind").toUpperCase(Locale.ROOT)),
					rs.getString("stage_title"), rs.getString("return_comment") != null ? rs.getString("return_comment") : rs.getString("reason"),
					rs.getString("returned_by"), Rows.instant(rs, "since")))
			.list();
	}

	/** How many runs need HR, counted up to {@code cap} (the nav badge reads it on every HR page). */
	public int hrWorkCount(int cap) {
		return jdbc.sql("SELECT count(*) FROM (" + HR_WORK + " LIMIT :cap) w").param("cap", cap).query(Integer.class).single();
	}

	/**
	 * The three kinds of HR work, each found through its own index (the runs by status, the
	 * blocked stages by their partial index): one statement with an OR across them walked every
	 * run of the tenant, on every HR page (the badge counts it). A
	 * returned run waits since it last changed; the return's comment is read for a page's rows only.
	 */
	private static final String HR_WORK = """
			SELECT r.id AS run_id, r.employee_id, r.employee_name, r.definition_title, 'returned' AS kind,
			       cs.title AS stage_title, NULL AS reason, r.updated_at AS since
			FROM workflow_runs r LEFT JOIN workflow_stages cs ON cs.id = r.current_stage_id
			WHERE r.status = 'returned'
			UNION ALL
			SELECT r.id, r.employee_id, r.employee_name, r.definition_title, 'blocked',
			       b.title, b.blocked_reason, coalesce(b.activated_at, r.updated_at)
			FROM (SELECT DISTINCT ON (s.run_id) s.run_id, s.title, s.blocked_reason, s.activated_at
			      FROM workflow_stages s WHERE s.status = 'blocked' ORDER BY s.run_id, s.position) b
			JOIN workflow_runs r ON r.id = b.run_id
			WHERE r.status = 'running'
			UNION ALL
			SELECT r.id, r.employee_id, r.employee_name, r.definition_title, 'start_failed',
			       cs.title, r.status_reason, coalesce(r.finished_at, r.updated_at)
			FROM workflow_runs r LEFT JOIN workflow_stages cs ON cs.id = r.current_stage_id
			WHERE r.status = 'start_failed' AND NOT EXISTS (
			    SELECT 1 FROM workflow_runs n WHERE n.employee_id = r.employee_id
			       AND n.definition_key = r.definition_key AND n.created_at > r.created_at)
			""";

	private static String escapeLike(String text) {
		return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}
}
