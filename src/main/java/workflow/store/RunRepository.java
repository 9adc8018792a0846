package workflow.store;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import outbox.catalog.RunDefinition;
import platform.LowerCaseName;
import workflow.RepairCause;
import workflow.Run;
import workflow.RunStatus;
import workflow.support.Rows;

/**
 * The {@code workflow_runs} table as the run's lifecycle writes it: read and lock a run, move it
 * through its statuses, end it. Call inside a tenant unit of work (RLS scopes every statement).
 */
@Repository
public class RunRepository {

	/** The statuses a run ends in, as stored. */
	private static final List<String> FINISHED = Arrays.stream(RunStatus.values())
		.filter(RunStatus::finished)
		.map(RunStatus::value)
		.toList();

	/** The statuses of a run that works on its stages, as stored. */
	private static final List<String> LIVE = List.of(RunStatus.RUNNING.value(), RunStatus.RETURNED.value());

	private final JdbcClient jdbc;

	RunRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Who a run is for and which HR event asked for it; empty when the run does not exist. */
	public Optional<RunOrigin> origin(UUID id) {
		return jdbc.sql("SELECT employee_id, definition_key, source_event_key FROM workflow_runs WHERE id = :id")
			.param("id", id)
			.query((rs, row) -> new RunOrigin(rs.getObject(1, UUID.class), RunDefinition.of(rs.getString(2)),
					rs.getString(3)))
			.optional();
	}

	public Optional<Run> find(UUID id) {
		return jdbc.sql("SELECT " + RunColumns.COLUMNS + " FROM workflow_runs r WHERE r.id = :id")
			.param("id", id)
			.query(RunColumns::map)
			.optional();
	}

	/** Reads and row-locks the run: serialises the start, the first activation and actions on it. */
	public Optional<Run> lock(UUID id) {
		return jdbc.sql("SELECT " + RunColumns.COLUMNS + " FROM workflow_runs r WHERE r.id = :id FOR UPDATE")
			.param("id", id)
			.query(RunColumns::map)
			.optional();
	}

	/** The run asked for by the HR event with idempotency key {@code key}. */
	public Optional<Run> findBySourceEventKey(String key) {
		return jdbc.sql("SELECT " + RunColumns.COLUMNS + " FROM workflow_runs r WHERE r.source_event_key = :key")
			.param("key", key)
			.query(RunColumns::map)
			.optional();
	}

	/** {@code requested} → {@code start_failed}; a run that got further keeps its status. */
	public boolean markStartFailed(UUID id, String reason) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = :startFailed, status_reason = :reason, finished_at = now(), updated_at = now()
				WHERE id = :id AND status = :requested
				""")
			.param("id", id)
			.param("reason", reason)
			.param("startFailed", RunStatus.START_FAILED.value())
			.param("requested", RunStatus.REQUESTED.value())
			.update() > 0;
	}

	/** Like {@link #markStartFailed} for the start chain: only while no execution is recorded. */
	public boolean markStartRequestFailed(UUID id, String reason) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = :startFailed, status_reason = :reason, finished_at = now(), updated_at = now()
				WHERE id = :id AND status = :requested AND workflow_id IS NULL
				""")
			.param("id", id)
			.param("reason", reason)
			.param("startFailed", RunStatus.START_FAILED.value())
			.param("requested", RunStatus.REQUESTED.value())
			.update() > 0;
	}

	/** The run works on {@code stageId}: running unless it already finished. */
	public void markRunning(UUID id, UUID stageId) {
		jdbc.sql("""
				UPDATE workflow_runs SET status = :running, status_reason = NULL, current_stage_id = :stageId, updated_at = now()
				WHERE id = :id AND (status = :requested OR status IN (:live))
				""")
			.param("id", id)
			.param("stageId", stageId)
			.param("running", RunStatus.RUNNING.value())
			.param("requested", RunStatus.REQUESTED.value())
			.param("live", LIVE)
			.update();
	}

	public void markCurrentStage(UUID id, UUID stageId) {
		jdbc.sql("UPDATE workflow_runs SET current_stage_id = :stageId, updated_at = now() WHERE id = :id")
			.param("id", id).param("stageId", stageId).update();
	}

	/** {@code running} ↔ {@code returned} while the run is live. */
	public void markLiveStatus(UUID id, RunStatus status, String reason) {
		jdbc.sql("""
				UPDATE workflow_runs SET status = :status, status_reason = :reason, updated_at = now()
				WHERE id = :id AND status IN (:live)
				""").param("id", id).param("status", status.value()).param("reason", reason).param("live", LIVE).update();
	}

	/**
	 * A live run ({@code running}, {@code returned}, or {@code requested} with a recorded execution)
	 * needs attention: why, and what was tried. A run that already needs attention keeps its first
	 * {@code since} and takes the newer reason. False for any other run.
	 */
	public boolean markNeedsAttention(UUID id, String reason, String tried, Instant now) {
		return markNeedsAttention(id, null, reason, tried, now);
	}

	/**
	 * Like {@link #markNeedsAttention(UUID, String, String, Instant)}, with the cause an ADMIN
	 * repairs in bulk by (lost, closed, undeliverable); null keeps the cause of a run that already
	 * needs attention (a failed repair re-marks it) and is "other" for a run newly flagged.
	 */
	public boolean markNeedsAttention(UUID id, RepairCause cause, String reason, String tried, Instant now) {
		if (cause != null && !cause.stored()) {
			throw new IllegalArgumentException("A run needs attention for a stored cause, not " + cause.value());
		}
		return jdbc.sql("""
				UPDATE workflow_runs SET
				    attention_resume_status = CASE WHEN status = :attention THEN attention_resume_status ELSE status END,
				    attention_since = CASE WHEN status = :attention THEN attention_since ELSE :now END,
				    attention_cause = CASE WHEN CAST(:cause AS text) IS NOT NULL THEN CAST(:cause AS text)
				        WHEN status = :attention THEN attention_cause END,
				    status = :attention, attention_reason = :reason, attention_tried = :tried, updated_at = now()
				WHERE id = :id AND (status IN (:live) OR status = :attention OR (status = :requested AND workflow_id IS NOT NULL))
				""")
			.param("id", id)
			.param("cause", LowerCaseName.valueOf(cause))
			.param("reason", reason)
			.param("tried", tried)
			.param("now", Rows.timestamp(now))
			.param("attention", RunStatus.NEEDS_ATTENTION.value())
			.param("requested", RunStatus.REQUESTED.value())
			.param("live", LIVE)
			.update() > 0;
	}

	/**
	 * The runs an ADMIN repairs for {@code cause}, longest waiting first (at most {@code limit}):
	 * those that failed to start, or that need attention for that cause.
	 */
	public List<UUID> repairable(RepairCause cause, int limit) {
		String where = switch (cause) {
			case START_FAILED -> "status = 'start_failed'";
			case NEEDS_ATTENTION -> "status = 'needs_attention'";
			case OTHER -> "status = 'needs_attention' AND attention_cause IS NULL";
			default -> "status = 'needs_attention' AND attention_cause = :cause";
		};
		// the clause is one of the constants above, never input
		return jdbc.sql("SELECT id FROM workflow_runs WHERE " + where
				+ " ORDER BY coalesce(attention_since, finished_at, created_at), id LIMIT :limit")
			.param("cause", cause.value())
			.param("limit", limit)
			.query(UUID.class)
			.list();
	}

	/**
	 * A repair started execution {@code executionId}: the run is live again in the status it left
	 * (running or returned), its attention cleared; fenced on it still needing attention.
	 */
	public boolean completeRepair(UUID id, String workflowId, String executionId) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = coalesce(attention_resume_status, :running), attention_reason = NULL,
				    attention_cause = NULL, attention_since = NULL, attention_tried = NULL, attention_resume_status = NULL, workflow_id = :workflowId,
				    execution_id = :executionId, reconciled_at = NULL, updated_at = now()
				WHERE id = :id AND status = :attention
				""")
			.param("id", id)
			.param("workflowId", workflowId)
			.param("executionId", executionId)
			.param("running", RunStatus.RUNNING.value())
			.param("attention", RunStatus.NEEDS_ATTENTION.value())
			.update() > 0;
	}

	/**
	 * An ADMIN repairs a run that failed to start: it is {@code requested} again (its reason is kept
	 * on the repair) while its workflow is started; false unless it is {@code start_failed}.
	 */
	public boolean reopenForRepair(UUID id) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = :requested, status_reason = NULL, finished_at = NULL, start_attempt = NULL,
				    start_max_attempts = NULL, start_error = NULL, start_error_at = NULL, updated_at = now()
				WHERE id = :id AND status = :startFailed
				""")
			.param("id", id)
			.param("requested", RunStatus.REQUESTED.value())
			.param("startFailed", RunStatus.START_FAILED.value())
			.update() > 0;
	}

	/** The repair's execution of a run that had failed to start (whatever execution it had before). */
	public boolean recordRepairedStart(UUID id, String workflowId, String executionId) {
		return jdbc.sql("""
				UPDATE workflow_runs SET workflow_id = :workflowId, execution_id = :executionId,
				    started_at = coalesce(started_at, now()), reconciled_at = NULL, updated_at = now()
				WHERE id = :id AND status <> :startFailed
				""")
			.param("id", id)
			.param("workflowId", workflowId)
			.param("executionId", executionId)
			.param("startFailed", RunStatus.START_FAILED.value())
			.update() > 0;
	}

	/** The reconciliation looked at these runs' executions at {@code now}. */
	public void markReconciled(Collection<UUID> ids, Instant now) {
		if (ids.isEmpty()) {
			return;
		}
		jdbc.sql("UPDATE workflow_runs SET reconciled_at = :now WHERE id IN (:ids)")
			.param("ids", ids)
			.param("now", Rows.timestamp(now))
			.update();
	}

	/**
	 * The reconciliation's next batch: runs with an execution that should be live (running,
	 * returned, or requested: started but not at its first stage yet), started and last checked
	 * before {@code before} (the round's moment, so a run this round checked is not read again),
	 * least recently checked first, a run never checked counting as checked when it started, after
	 * the round's cursor ({@code afterCheckedAt}, {@code afterId}: the last run of the previous
	 * batch, so a run that could not be checked is not read again in the same round). The statuses
	 * and the ordering match the partial index of V300.
	 */
	public List<LiveRun> liveDue(Instant before, Instant afterCheckedAt, UUID afterId, int limit) {
		return jdbc.sql("""
				SELECT r.id, r.workflow_id, r.execution_id, r.status, coalesce(r.reconciled_at, r.started_at) AS checked_at
				FROM workflow_runs r
				WHERE r.status IN ('requested', 'running', 'returned') AND r.workflow_id IS NOT NULL
				  AND r.started_at < :before AND coalesce(r.reconciled_at, r.started_at) < :before
				  AND (coalesce(r.reconciled_at, r.started_at), r.id) > (:afterAt, :afterId)
				ORDER BY coalesce(r.reconciled_at, r.started_at), r.id LIMIT :limit
				""")
			.param("before", Rows.timestamp(before))
			.param("afterAt", Rows.timestamp(afterCheckedAt))
			.param("afterId", afterId)
			.param("limit", limit)
			.query((rs, row) -> new LiveRun(Rows.uuid(rs, "id"), rs.getString("workflow_id"), rs.getString("execution_id"),
					RunStatus.of(rs.getString("status")), Rows.instant(rs, "checked_at")))
			.list();
	}

	/** Ends the run unless it already ended. */
	public boolean finish(UUID id, RunStatus status, String reason) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = :status, status_reason = :reason, finished_at = now(), updated_at = now()
				WHERE id = :id AND status NOT IN (:finished)
				""").param("id", id).param("status", status.value()).param("reason", reason).param("finished", FINISHED).update() > 0;
	}

	/**
	 * Brings the employee snapshot of the employee's unfinished runs up to date with HR's edit at
	 * {@code version} (an older edit arriving late changes nothing). {@code startDate} becomes the
	 * effective date of a joiner, {@code lastDay} that of a leaver; a mover has none.
	 *
	 * @return how many runs changed
	 */
	public int updateEmployee(UUID employeeId, int version, String name, String email, String department,
			String manager, String title, LocalDate startDate, LocalDate lastDay) {
		return jdbc.sql("""
				UPDATE workflow_runs SET employee_name = :name, employee_email = :email, department = :department,
				    manager = :manager, employee_title = :title, employee_version = :version, updated_at = now(),
				    effective_date = CASE definition_key WHEN 'joiner' THEN CAST(:startDate AS date)
				        WHEN 'leaver' THEN coalesce(CAST(:lastDay AS date), effective_date) ELSE effective_date END
				WHERE employee_id = :employeeId AND status NOT IN (:finished)
				  AND (employee_version IS NULL OR employee_version < :version)
				""")
			.param("employeeId", employeeId)
			.param("version", version)
			.param("name", name)
			.param("email", email)
			.param("department", department)
			.param("manager", manager)
			.param("title", title)
			.param("startDate", startDate)
			.param("lastDay", lastDay)
			.param("finished", FINISHED)
			.update();
	}
}
