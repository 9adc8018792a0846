package workflow.attention;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.Repair;
import workflow.RepairOutcome;
import workflow.support.Rows;

/** The {@code workflow_run_repairs} table. Call inside a tenant unit of work. */
@Repository
class RepairRepository {

	private static final String COLUMNS = """
			id, run_id, actor, attention, resumed_stage, outcome, error, execution_id, requested_at, finished_at""";

	private final JdbcClient jdbc;

	RepairRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Repair> findByKey(String actor, String idempotencyKey) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_run_repairs WHERE actor = :actor AND idempotency_key = :key")
			.param("actor", actor)
			.param("key", idempotencyKey)
			.query(RepairRepository::map)
			.optional();
	}

	List<Repair> forRun(UUID runId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_run_repairs WHERE run_id = :runId ORDER BY requested_at DESC")
			.param("runId", runId)
			.query(RepairRepository::map)
			.list();
	}

	Repair insert(UUID runId, String actor, String idempotencyKey, String attention, String resumedStage) {
		return jdbc.sql("""
				INSERT INTO workflow_run_repairs (id, tenant_id, run_id, actor, idempotency_key, attention, resumed_stage, outcome)
				VALUES (:id, current_setting('app.tenant_id'), :runId, :actor, :key, :attention, :stage, 'starting')
				RETURNING""" + " " + COLUMNS)
			.param("id", UUID.randomUUID())
			.param("runId", runId)
			.param("actor", actor)
			.param("key", idempotencyKey)
			.param("attention", attention)
			.param("stage", resumedStage)
			.query(RepairRepository::map)
			.single();
	}

	/** A failed repair asked for again with the same key: starting once more, from where the run is now. */
	Repair retry(UUID id, String attention, String resumedStage) {
		return jdbc.sql("""
				UPDATE workflow_run_repairs SET outcome = 'starting', error = NULL, finished_at = NULL,
				    attention = :attention, resumed_stage = :stage
				WHERE id = :id AND outcome = 'failed'
				RETURNING""" + " " + COLUMNS)
			.param("id", id)
			.param("attention", attention)
			.param("stage", resumedStage)
			.query(RepairRepository::map)
			.single();
	}

	Repair finish(UUID id, RepairOutcome outcome, String error, String executionId) {
		return jdbc.sql("""
				UPDATE workflow_run_repairs SET outcome = :outcome, error = :error, execution_id = :executionId,
				    finished_at = now()
				WHERE id = :id
				RETURNING""" + " " + COLUMNS)
			.param("id", id)
			.param("outcome", outcome.value())
			.param("error", error)
			.param("executionId", executionId)
			.query(RepairRepository::map)
			.single();
	}

	private static Repair map(ResultSet rs, int row) throws SQLException {
		return new Repair(Rows.uuid(rs, "id"), Rows.uuid(rs, "run_id"), rs.getString("actor"), rs.getString("attention"),
				rs.getString("resumed_stage"), RepairOutcome.of(rs.getString("outcome")), rs.getString("error"), rs.getString("execution_id"),
				Rows.instant(rs, "requested_at"), Rows.instant(rs, "finished_at"));
	}
}
