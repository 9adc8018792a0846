package workflow.insights;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.RunStatus;
import workflow.StageStatus;
import workflow.insights.Insights.ApproverCount;
import workflow.insights.Insights.Durations;
import workflow.insights.Insights.OpenStage;
import workflow.insights.Insights.SlaBreaches;
import workflow.insights.Insights.WeeklyCount;
import workflow.support.Rows;

/**
 * Aggregates over {@code workflow_runs}, {@code workflow_stages} and {@code workflow_actions}.
 * Call inside a tenant unit of work: row-level security scopes every statement to its tenant.
 */
@Repository
class InsightsRepository {

	private static final List<String> LIVE = List.of(RunStatus.RUNNING.value(), RunStatus.RETURNED.value(),
			RunStatus.NEEDS_ATTENTION.value());

	private final JdbcClient jdbc;

	InsightsRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Runs started and finished per ISO week (UTC) and definition since {@code since}, oldest week first. */
	List<WeeklyCount> weekly(Instant since) {
		return jdbc.sql("""
				WITH started AS (
				    SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, definition_key, count(*) AS n
				    FROM workflow_runs WHERE created_at >= :since GROUP BY 1, 2),
				finished AS (
				    SELECT date_trunc('week', finished_at AT TIME ZONE 'UTC')::date AS week, definition_key, count(*) AS n
				    FROM workflow_runs WHERE finished_at >= :since GROUP BY 1, 2)
				SELECT coalesce(s.week, f.week) AS week, coalesce(s.definition_key, f.definition_key) AS definition,
				       coalesce(s.n, 0) AS started, coalesce(f.n, 0) AS finished
				FROM started s FULL JOIN finished f ON f.week = s.week AND f.definition_key = s.definition_key
				ORDER BY 1, 2
				""")
			.param("since", Rows.timestamp(since))
			.query((rs, row) -> new WeeklyCount(rs.getObject("week", LocalDate.class), rs.getString("definition"),
					rs.getLong("started"), rs.getLong("finished")))
			.list();
	}

	/** Median and p90 hours from request to completion of the completed runs, per definition. */
	List<Durations> runDurations() {
		return jdbc.sql("""
				SELECT definition_key, count(*) AS n,
				       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at)) / 3600 AS median,
				       percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at)) / 3600 AS p90
				FROM workflow_runs WHERE status = :completed AND finished_at IS NOT NULL
				GROUP BY definition_key ORDER BY definition_key
				""")
			.param("completed", RunStatus.COMPLETED.value())
			.query((rs, row) -> new Durations(rs.getString("definition_key"), null, rs.getLong("n"), rs.getDouble("median"),
					rs.getDouble("p90")))
			.list();
	}

	/** Median and p90 hours from activation to decision of the approved approval stages, per definition and stage. */
	List<Durations> stageDurations() {
		return jdbc.sql("""
				SELECT r.definition_key, s.title, min(s.position) AS position, count(*) AS n,
				       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.decided_at - s.activated_at)) / 3600 AS median,
				       percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM s.decided_at - s.activated_at)) / 3600 AS p90
				FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id
				WHERE s.status = :approved AND s.activated_at IS NOT NULL AND s.decided_at IS NOT NULL
				GROUP BY r.definition_key, s.title ORDER BY r.definition_key, position
				""")
			.param("approved", StageStatus.APPROVED.value())
			.query((rs, row) -> new Durations(rs.getString("definition_key"), rs.getString("title"), rs.getLong("n"),
					rs.getDouble("median"), rs.getDouble("p90")))
			.list();
	}

	/**
	 * Stages with an SLA per title and assigned group, and how many were (or, still open, are)
	 * decided after activation + SLA: the rule of the SLA reminders.
	 */
	List<SlaBreaches> slaBreaches(Instant now) {
		return jdbc.sql("""
				SELECT s.title, s.assignee, count(*) AS with_sla,
				       count(*) FILTER (WHERE coalesce(s.decided_at, :now) > s.activated_at + make_interval(hours => s.sla_hours)) AS breached
				FROM workflow_stages s
				WHERE s.sla_hours IS NOT NULL AND s.activated_at IS NOT NULL
				GROUP BY s.title, s.assignee ORDER BY breached DESC, s.title, s.assignee
				""")
			.param("now", Rows.timestamp(now))
			.query((rs, row) -> new SlaBreaches(rs.getString("title"), rs.getString("assignee"), rs.getLong("with_sla"),
					rs.getLong("breached")))
			.list();
	}

	/** Live runs by definition and current stage, most first. */
	List<OpenStage> openByStage() {
		return jdbc.sql("""
				SELECT r.definition_key, coalesce(cs.title, 'between stages') AS stage, count(*) AS n
				FROM workflow_runs r LEFT JOIN workflow_stages cs ON cs.id = r.current_stage_id
				WHERE r.status IN (:live)
				GROUP BY 1, 2 ORDER BY n DESC, 1, 2
				""")
			.param("live", LIVE)
			.query((rs, row) -> new OpenStage(rs.getString("definition_key"), rs.getString("stage"), rs.getLong("n")))
			.list();
	}

	/** Approvals per approver, most first; an approval the workflow ignored does not count. */
	List<ApproverCount> approvals(int limit) {
		return jdbc.sql("""
				SELECT actor, count(*) AS n FROM workflow_actions
				WHERE action = :approve AND (outcome IS NULL OR outcome = :applied)
				GROUP BY actor ORDER BY n DESC, actor LIMIT :limit
				""")
			.param("approve", ActionKind.APPROVE.value())
			.param("applied", ActionOutcome.APPLIED.value())
			.param("limit", limit)
			.query((rs, row) -> new ApproverCount(rs.getString("actor"), rs.getLong("n")))
			.list();
	}

	/** Writes every run of the tenant, newest first, as CSV rows through {@code csv}. */
	void runHistory(RunHistoryCsv csv, Writer out) {
		jdbc.sql("""
				SELECT id, definition_key, employee_id, employee_name, department, status, status_reason, created_at,
				       started_at, finished_at,
				       round((extract(epoch FROM finished_at - created_at) / 3600)::numeric, 2) AS hours_to_finish
				FROM workflow_runs ORDER BY created_at DESC, id DESC
				""").query(rs -> {
			try {
				csv.row(out, rs.getString("id"), rs.getString("definition_key"), rs.getString("employee_id"),
						rs.getString("employee_name"), rs.getString("department"), rs.getString("status"),
						rs.getString("status_reason"), iso(Rows.instant(rs, "created_at")), iso(Rows.instant(rs, "started_at")),
						iso(Rows.instant(rs, "finished_at")), rs.getString("hours_to_finish"));
			}
			catch (IOException e) {
				throw new UncheckedIOException(e);
			}
		});
	}

	private static String iso(Instant instant) {
		return instant == null ? null : instant.toString();
	}
}
