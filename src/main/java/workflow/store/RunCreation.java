package workflow.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.Run;
import workflow.RunStatus;
import workflow.support.Rows;

/**
 * The {@code workflow_runs} rows as the start creates them: a run per HR event, its start request
 * and the start's attempts. Call inside a tenant unit of work.
 */
@Repository
public class RunCreation {

	private final JdbcClient jdbc;

	RunCreation(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Inserts the run unless one exists for the same source event; empty when it existed. */
	public Optional<UUID> insertIfAbsent(NewRun run) {
		return jdbc.sql("""
				INSERT INTO workflow_runs (id, tenant_id, definition_key, definition_title, employee_id, employee_name,
				    employee_email, department, manager, from_department, from_manager, effective_date,
				    source_event_id, source_event_type, source_event_key, start_not_before, definition_version, employee_title,
				    requested_by, requester_may_approve)
				VALUES (:id, current_setting('app.tenant_id'), :definitionKey, :definitionTitle, :employeeId, :employeeName,
				    :employeeEmail, :department, :manager, :fromDepartment, :fromManager, :effectiveDate,
				    :sourceEventId, :sourceEventType, :sourceEventKey, :startNotBefore, :definitionVersion, :employeeTitle,
				    :requestedBy, :requesterMayApprove)
				ON CONFLICT (tenant_id, source_event_id) DO NOTHING
				RETURNING id
				""")
			.param("id", run.id())
			.param("definitionKey", run.definition().key())
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
			.param("requesterMayApprove", run.requesterMayApprove())
			.query(UUID.class)
			.optional();
	}

	public Optional<Run> findBySourceEvent(UUID eventId) {
		return jdbc.sql("SELECT " + RunColumns.COLUMNS + " FROM workflow_runs r WHERE r.source_event_id = :eventId")
			.param("eventId", eventId)
			.query(RunColumns::map)
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
}
