package workflow.jobs;

import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.support.Rows;

/**
 * The jobs' one cross-tenant question, which tenants have work due, answered by the SECURITY
 * DEFINER functions of V34 (tenant ids only; the rows are then read per tenant under RLS).
 */
@Repository
class TenantScans {

	private final JdbcClient jdbc;

	TenantScans(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<String> withDueSignals(Instant now, Instant createdBefore) {
		return jdbc.sql("SELECT t FROM workflow_tenants_with_due_signals(:now, :before) AS t ORDER BY t")
			.param("now", Rows.timestamp(now))
			.param("before", Rows.timestamp(createdBefore))
			.query(String.class)
			.list();
	}

	List<String> withLiveRuns(Instant startedBefore) {
		return scan("workflow_tenants_with_live_runs", startedBefore);
	}

	List<String> withDueStarts(Instant now) {
		return scan("workflow_tenants_with_due_starts", now);
	}

	List<String> withOverdueStages(Instant now) {
		return scan("workflow_tenants_with_overdue_stages", now);
	}

	private List<String> scan(String function, Instant at) {
		// the function name is one of the constants above, never input
		return jdbc.sql("SELECT t FROM " + function + "(:at) AS t ORDER BY t")
			.param("at", Rows.timestamp(at))
			.query(String.class)
			.list();
	}
}
