package hr.data;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import hr.EmployeeRun;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunOutcome;

/** SQL of {@code employee_runs}: the runs HR asked for and their outcome. Call inside a tenant unit of work. */
@Repository
public class EmployeeRunRepository {

	private final JdbcClient jdbc;

	EmployeeRunRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Records a run asked for by the event with {@code triggerKey}; false when a run of that
	 * definition is already open for the employee (or the trigger was recorded before).
	 */
	public boolean open(String triggerKey, UUID employeeId, RunDefinition definition) {
		return jdbc.sql("""
				INSERT INTO employee_runs (tenant_id, trigger_key, employee_id, definition)
				VALUES (current_setting('app.tenant_id'), :key, :employeeId, :definition)
				ON CONFLICT DO NOTHING""")
			.param("key", triggerKey)
			.param("employeeId", employeeId)
			.param("definition", definition.key())
			.update() > 0;
	}

	/** Records several runs of {@code definition} as {@link #open} does each, in one statement (an import's chunk of hires). */
	public void openAll(List<String> triggerKeys, List<UUID> employeeIds, RunDefinition definition) {
		if (triggerKeys.isEmpty()) {
			return;
		}
		jdbc.sql("""
				INSERT INTO employee_runs (tenant_id, trigger_key, employee_id, definition)
				SELECT current_setting('app.tenant_id'), r.key, r.employee, :definition
				FROM unnest(:keys, :employees) AS r (key, employee)
				ON CONFLICT DO NOTHING""")
			.param("keys", new org.springframework.jdbc.support.SqlArrayValue("text", triggerKeys.toArray()))
			.param("employees", new org.springframework.jdbc.support.SqlArrayValue("uuid", employeeIds.toArray()))
			.param("definition", definition.key())
			.update();
	}

	/**
	 * Closes the run of {@code triggerKey} (once: a re-delivered outcome changes nothing). A run
	 * that failed to start can be repaired by an admin, so its real outcome still replaces
	 * {@code start_failed}; a late {@code start_failed} never replaces a real outcome.
	 */
	public boolean close(String triggerKey, RunOutcome outcome, UUID runId, String reason) {
		return jdbc.sql("""
				UPDATE employee_runs SET outcome = :outcome, run_id = :runId, reason = :reason, finished_at = now()
				WHERE trigger_key = :key AND (outcome IS NULL OR (outcome = :startFailed AND :outcome <> :startFailed))""")
			.param("key", triggerKey)
			.param("startFailed", RunOutcome.START_FAILED.value())
			.param("outcome", outcome.value())
			.param("runId", runId)
			.param("reason", reason)
			.update() > 0;
	}

	/** The run asked for by the event with {@code triggerKey}. */
	public EmployeeRun find(String triggerKey) {
		return jdbc.sql("""
				SELECT trigger_key, definition, outcome, run_id, reason, requested_at, finished_at FROM employee_runs
				WHERE trigger_key = :key""")
			.param("key", triggerKey)
			.query(EmployeeRunRepository::run)
			.single();
	}

	/** The open run of {@code definition} for the employee, if any. */
	public Optional<EmployeeRun> openOf(UUID employeeId, RunDefinition definition) {
		return jdbc.sql("""
				SELECT trigger_key, definition, outcome, run_id, reason, requested_at, finished_at FROM employee_runs
				WHERE employee_id = :employeeId AND definition = :definition AND outcome IS NULL""")
			.param("employeeId", employeeId)
			.param("definition", definition.key())
			.query(EmployeeRunRepository::run)
			.optional();
	}

	/** The trigger key of the newest run of {@code definition} HR asked for the employee. */
	public Optional<String> latestKey(UUID employeeId, RunDefinition definition) {
		return jdbc.sql("""
				SELECT trigger_key FROM employee_runs WHERE employee_id = :employeeId AND definition = :definition
				ORDER BY requested_at DESC, trigger_key DESC LIMIT 1""")
			.param("employeeId", employeeId)
			.param("definition", definition.key())
			.query(String.class)
			.optional();
	}

	/** Whether a run was ever asked for with {@code triggerKey}. */
	public boolean exists(String triggerKey) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM employee_runs WHERE trigger_key = :key)")
			.param("key", triggerKey)
			.query(Boolean.class)
			.single();
	}

	/** The runs asked for the employee, newest first. */
	public List<EmployeeRun> of(UUID employeeId) {
		return jdbc.sql("""
				SELECT trigger_key, definition, outcome, run_id, reason, requested_at, finished_at FROM employee_runs
				WHERE employee_id = :employeeId ORDER BY requested_at DESC, trigger_key LIMIT 50""")
			.param("employeeId", employeeId)
			.query(EmployeeRunRepository::run)
			.list();
	}

	private static EmployeeRun run(ResultSet rs, int row) throws SQLException {
		String outcome = rs.getString("outcome");
		return new EmployeeRun(rs.getString("trigger_key"), RunDefinition.of(rs.getString("definition")),
				outcome == null ? null : RunOutcome.of(outcome), rs.getObject("run_id", UUID.class), rs.getString("reason"),
				rs.getTimestamp("requested_at").toInstant(),
				rs.getTimestamp("finished_at") == null ? null : rs.getTimestamp("finished_at").toInstant());
	}
}
