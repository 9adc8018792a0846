package workflow.attention;

import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.ReconcileRound;
import workflow.support.Rows;

/** The {@code workflow_reconcile_rounds} table: the tenant's last round. Call inside a tenant unit of work. */
@Repository
class ReconcileRoundRepository {

	private final JdbcClient jdbc;

	ReconcileRoundRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void save(ReconcileRound round) {
		jdbc.sql("""
				INSERT INTO workflow_reconcile_rounds (tenant_id, started_at, finished_at, checked, flagged, unreachable, complete)
				VALUES (current_setting('app.tenant_id'), :startedAt, :finishedAt, :checked, :flagged, :unreachable, :complete)
				ON CONFLICT (tenant_id) DO UPDATE SET started_at = excluded.started_at, finished_at = excluded.finished_at,
				    checked = excluded.checked, flagged = excluded.flagged, unreachable = excluded.unreachable,
				    complete = excluded.complete
				""")
			.param("startedAt", Rows.timestamp(round.startedAt()))
			.param("finishedAt", Rows.timestamp(round.finishedAt()))
			.param("checked", round.checked())
			.param("flagged", round.flagged())
			.param("unreachable", round.unreachable())
			.param("complete", round.complete())
			.update();
	}

	Optional<ReconcileRound> last() {
		return jdbc.sql("""
				SELECT started_at, finished_at, checked, flagged, unreachable, complete FROM workflow_reconcile_rounds
				WHERE tenant_id = current_setting('app.tenant_id')""")
			.query((rs, row) -> new ReconcileRound(Rows.instant(rs, "started_at"), Rows.instant(rs, "finished_at"),
					rs.getInt("checked"), rs.getInt("flagged"), rs.getInt("unreachable"), rs.getBoolean("complete")))
			.optional();
	}
}
