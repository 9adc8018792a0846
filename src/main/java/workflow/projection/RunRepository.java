package workflow.projection;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.util.StringUtils;

import workflow.Attention;
import workflow.CurrentStage;
import workflow.HrWorkItem;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunRow;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageKind;
import workflow.StageStatus;
import workflow.StartProgress;

/** The {@code workflow_runs} table. Call inside a tenant unit of work (RLS scopes every statement). */
@Repository
public class RunRepository {

	private static final String COLUMNS = """
			r.id, r.definition_key, r.definition_title, r.employee_id, r.employee_name, r.employee_email, r.department,
			r.manager, r.from_department, r.from_manager, r.effective_date, r.status, r.status_reason, r.start_not_before,
			r.start_requested_at, r.workflow_id, r.execution_id, r.started_at, r.current_stage_id, r.created_at,
			r.updated_at, r.finished_at, r.start_attempt, r.start_max_attempts, r.start_error, r.start_error_at,
			r.attention_reason, r.attention_since, r.attention_tried, r.employee_title, r.requested_by""";

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
			.query((rs, row) -> new RunOrigin(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3)))
			.optional();
	}

	/** Inserts the run unless one exists for the same source event; empty when it existed. */
	public Optional<UUID> insertIfAbsent(NewRun run) {
		return jdbc.sql("""
				INSERT INTO workflow_runs (id, tenant_id, definition_key, definition_title, employee_id, employee_name,
				    employee_email, department, manager, from_department, from_manager, effective_date,
				    source_event_id, source_event_type, source_event_key, start_not_before, definition_version, employee_title,
				    requested_by)
				VALUES (:id, current_setting('app.tenant_id'), :definitionKey, :definitionTitle, :employeeId, :employeeName,
				    :employeeEmail, :department, :manager, :fromDepartment, :fromManager, :effectiveDate,
				    :sourceEventId, :sourceEventType, :sourceEventKey, :startNotBefore, :definitionVersion, :employeeTitle,
				    :requestedBy)
				ON CONFLICT (tenant_id, source_event_id) DO NOTHING
				RETURNING id
				""")
			.param("id", run.id())
			.param("definitionKey", run.definitionKey())
			.param("definitionTitle", run.definitionTitle())
			.param("employeeId", run.trigger().employeeId())
			.param("employeeName", run.trigger().displayName())
			.param("employeeEmail", run.trigger().email())
			.param("department", run.trigger().department())
			.param("manager", run.trigger().manager())
			.param("fromDepartment", run.trigger().fromDepartment())
			.param("fromManager", run.trigger().fromManager())
			.param("effectiveDate", run.trigger().effectiveDate())
			.param("sourceEventId", run.trigger().sourceEventId())
			.param("sourceEventType", run.trigger().sourceEventType())
			.param("sourceEventKey", run.trigger().sourceEventKey())
			.param("startNotBefore", Rows.timestamp(run.startNotBefore()))
			.param("definitionVersion", run.definitionVersion())
			.param("employeeTitle", run.trigger().title())
			.param("requestedBy", run.trigger().requestedBy())
			.query(UUID.class)
			.optional();
	}

	public Optional<Run> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_runs r WHERE r.id = :id")
			.param("id", id)
			.query(RunRepository::map)
			.optional();
	}

	/** Reads and row-locks the run: serialises the start, the first activation and actions on it. */
	public Optional<Run> lock(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_runs r WHERE r.id = :id FOR UPDATE")
			.param("id", id)
			.query(RunRepository::map)
			.optional();
	}

	public Optional<Run> findBySourceEvent(UUID eventId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_runs r WHERE r.source_event_id = :eventId")
			.param("eventId", eventId)
			.query(RunRepository::map)
			.optional();
	}

	/** The run asked for by the HR event with idempotency key {@code key}. */
	public Optional<Run> findBySourceEventKey(String key) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_runs r WHERE r.source_event_key = :key")
			.param("key", key)
			.query(RunRepository::map)
			.optional();
	}

	public void markStartRequested(UUID id) {
		jdbc.sql("""
				UPDATE workflow_runs SET start_requested_at = coalesce(start_requested_at, now()), updated_at = now()
				WHERE id = :id
				""").param("id", id).update();
	}

	/** Attempt {@code attempt} of the start failed with {@code error} and will be retried. */
	public void recordStartRetry(UUID id, int attempt, int maxAttempts, String error) {
		jdbc.sql("""
				UPDATE workflow_runs SET start_attempt = :attempt, start_max_attempts = :maxAttempts, start_error = :error,
				    start_error_at = now(), updated_at = now()
				WHERE id = :id AND status = :requested AND workflow_id IS NULL
				""")
			.param("id", id)
			.param("attempt", attempt)
			.param("maxAttempts", maxAttempts)
			.param("error", error)
			.param("requested", RunStatus.REQUESTED.value())
			.update();
	}

	/**
	 * A run whose start chain had given up ({@code start_failed} without an execution) is
	 * {@code requested} again: an admin re-drove its start request. False for any other run.
	 */
	public boolean reopenStart(UUID id) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = :requested, status_reason = NULL, finished_at = NULL, start_attempt = NULL,
				    start_max_attempts = NULL, start_error = NULL, start_error_at = NULL, updated_at = now()
				WHERE id = :id AND status = :startFailed AND workflow_id IS NULL
				""")
			.param("id", id)
			.param("requested", RunStatus.REQUESTED.value())
			.param("startFailed", RunStatus.START_FAILED.value())
			.update() > 0;
	}

	/**
	 * Records the started execution, fenced on the run having none yet (or this one): false when
	 * another execution is recorded. The run's status is not touched (its first activation, or a
	 * withdraw meanwhile, decide it).
	 */
	public boolean recordExecution(UUID id, String workflowId, String executionId) {
		return jdbc.sql("""
				UPDATE workflow_runs SET workflow_id = :workflowId, execution_id = :executionId,
				    started_at = coalesce(started_at, now()), start_error = NULL, start_error_at = NULL, updated_at = now()
				WHERE id = :id AND (workflow_id IS NULL OR workflow_id = :workflowId)
				""").param("id", id).param("workflowId", workflowId).param("executionId", executionId).update() > 0;
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
		return jdbc.sql("""
				UPDATE workflow_runs SET
				    attention_resume_status = CASE WHEN status = :attention THEN attention_resume_status ELSE status END,
				    attention_since = CASE WHEN status = :attention THEN attention_since ELSE :now END,
				    status = :attention, attention_reason = :reason, attention_tried = :tried, updated_at = now()
				WHERE id = :id AND (status IN (:live) OR status = :attention OR (status = :requested AND workflow_id IS NOT NULL))
				""")
			.param("id", id)
			.param("reason", reason)
			.param("tried", tried)
			.param("now", Rows.timestamp(now))
			.param("attention", RunStatus.NEEDS_ATTENTION.value())
			.param("requested", RunStatus.REQUESTED.value())
			.param("live", LIVE)
			.update() > 0;
	}

	/**
	 * A repair started execution {@code executionId}: the run is live again in the status it left
	 * (running or returned), its attention cleared; fenced on it still needing attention.
	 */
	public boolean completeRepair(UUID id, String workflowId, String executionId) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = coalesce(attention_resume_status, :running), attention_reason = NULL,
				    attention_since = NULL, attention_tried = NULL, attention_resume_status = NULL, workflow_id = :workflowId,
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

	/** The reconciliation looked at the run's execution at {@code now}. */
	public void markReconciled(UUID id, Instant now) {
		jdbc.sql("UPDATE workflow_runs SET reconciled_at = :now WHERE id = :id")
			.param("id", id)
			.param("now", Rows.timestamp(now))
			.update();
	}

	/**
	 * Runs with an execution that should be live (running, returned, or requested: started but not
	 * at its first stage yet) started before {@code startedBefore}, least recently checked first
	 * (the reconciliation). The statuses are literal so that the partial index serves the query.
	 */
	public List<Run> liveStartedBefore(Instant startedBefore, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM workflow_runs r
				WHERE r.status IN ('requested', 'running', 'returned') AND r.workflow_id IS NOT NULL
				  AND r.started_at < :before
				ORDER BY r.reconciled_at NULLS FIRST, r.id LIMIT :limit
				""")
			.param("before", Rows.timestamp(startedBefore))
			.param("limit", limit)
			.query(RunRepository::map)
			.list();
	}

	/** Ends the run unless it already ended. */
	public boolean finish(UUID id, RunStatus status, String reason) {
		return jdbc.sql("""
				UPDATE workflow_runs SET status = :status, status_reason = :reason, finished_at = now(), updated_at = now()
				WHERE id = :id AND status NOT IN (:finished)
				""").param("id", id).param("status", status.value()).param("reason", reason).param("finished", FINISHED).update() > 0;
	}

	/** Runs waiting for their pre-hire start moment that has come. */
	public List<UUID> dueStarts(Instant now, int limit) {
		return jdbc.sql("""
				SELECT id FROM workflow_runs
				WHERE status = :requested AND start_requested_at IS NULL AND start_not_before <= :now
				ORDER BY start_not_before LIMIT :limit
				""")
			.param("requested", RunStatus.REQUESTED.value())
			.param("now", Rows.timestamp(now))
			.param("limit", limit)
			.query(UUID.class)
			.list();
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
		StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + ", " + STAGE_COLUMNS + """
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
			// EXISTS over the run's stages read each of them (1,492 buffers a page at 100k runs, now 579)
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
		return jdbc.sql(sql.toString()).params(params).query(RunRepository::mapRow).list();
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
		Run run = map(rs, row);
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
	 * run of the tenant, half a second at 100k runs on every HR page (the badge counts it). A
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

	static Run map(ResultSet rs, int row) throws SQLException {
		return new Run(Rows.uuid(rs, "id"), rs.getString("definition_key"), rs.getString("definition_title"),
				Rows.uuid(rs, "employee_id"), rs.getString("employee_name"), rs.getString("employee_email"),
				rs.getString("department"), rs.getString("manager"), rs.getString("from_department"),
				rs.getString("from_manager"), rs.getObject("effective_date", LocalDate.class), RunStatus.of(rs.getString("status")),
				rs.getString("status_reason"), Rows.instant(rs, "start_not_before"), Rows.instant(rs, "start_requested_at"),
				rs.getString("workflow_id"), rs.getString("execution_id"), Rows.instant(rs, "started_at"),
				Rows.uuid(rs, "current_stage_id"), Rows.instant(rs, "created_at"), Rows.instant(rs, "updated_at"),
				Rows.instant(rs, "finished_at"), startProgress(rs), attention(rs), rs.getString("employee_title"),
				rs.getString("requested_by"));
	}

	private static Attention attention(ResultSet rs) throws SQLException {
		return !RunStatus.NEEDS_ATTENTION.value().equals(rs.getString("status")) ? null
				: new Attention(rs.getString("attention_reason"), Rows.instant(rs, "attention_since"),
						rs.getString("attention_tried"));
	}

	private static StartProgress startProgress(ResultSet rs) throws SQLException {
		String error = rs.getString("start_error");
		return error == null || !RunStatus.REQUESTED.value().equals(rs.getString("status")) ? null
				: new StartProgress(rs.getInt("start_attempt"), rs.getInt("start_max_attempts"), error,
						Rows.instant(rs, "start_error_at"));
	}
}
