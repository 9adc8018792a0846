package workflow.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import outbox.catalog.GrantState;
import workflow.Grant;
import workflow.support.Rows;

/** The {@code workflow_grants} table. Call inside a tenant unit of work. */
@Repository
public class GrantRepository {

	private static final String COLUMNS = """
			id, run_id, stage_id, name, status, granted_at, compensated_at, compensation_reason, compensation_step""";

	private final JdbcClient jdbc;

	GrantRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Records a grant of an approved stage; false for a replay (recorded before), which is a no-op. */
	public boolean grant(UUID runId, UUID stageId, String name) {
		return jdbc.sql("""
				INSERT INTO workflow_grants (id, tenant_id, run_id, stage_id, name)
				VALUES (:id, current_setting('app.tenant_id'), :runId, :stageId, :name)
				ON CONFLICT (stage_id, name) DO NOTHING
				""").param("id", UUID.randomUUID()).param("runId", runId).param("stageId", stageId).param("name", name).update() > 0;
	}

	/** Undoes a grant as compensation step {@code step}; a replay (already compensated) is a no-op. */
	public boolean compensate(UUID stageId, String name, String reason, int step) {
		return jdbc.sql("""
				UPDATE workflow_grants SET status = :compensated, compensated_at = now(), compensation_reason = :reason,
				    compensation_step = :step
				WHERE stage_id = :stageId AND name = :name AND status = :granted
				""")
			.param("stageId", stageId)
			.param("name", name)
			.param("reason", reason)
			.param("step", step)
			.param("compensated", GrantState.COMPENSATED.value())
			.param("granted", GrantState.GRANTED.value())
			.update() > 0;
	}

	public List<Grant> forRun(UUID runId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_grants WHERE run_id = :runId ORDER BY granted_at, name")
			.param("runId", runId).query(GrantRepository::map).list();
	}

	static Grant map(ResultSet rs, int row) throws SQLException {
		return new Grant(Rows.uuid(rs, "id"), Rows.uuid(rs, "run_id"), Rows.uuid(rs, "stage_id"), rs.getString("name"),
				GrantState.of(rs.getString("status")), Rows.instant(rs, "granted_at"), Rows.instant(rs, "compensated_at"),
				rs.getString("compensation_reason"), Rows.nullableInt(rs, "compensation_step"));
	}
}
