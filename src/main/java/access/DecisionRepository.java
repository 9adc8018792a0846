package access;

import java.sql.Timestamp;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code access_decisions} table: the evidence of every move. Call inside a tenant unit of work. */
@Repository
class DecisionRepository {

	private final JdbcClient jdbc;

	DecisionRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void insert(UUID requestId, AccessDecision d) {
		jdbc.sql("""
				INSERT INTO access_decisions (tenant_id, id, request_id, step, decision, actor, acting_for, reason,
				    from_status, to_status, decided_at)
				VALUES (current_setting('app.tenant_id'), :id, :request, :step, :decision, :actor, :actingFor, :reason,
				    :from, :to, :at)""")
			.param("id", UUID.randomUUID())
			.param("request", requestId)
			.param("step", d.step())
			.param("decision", d.decision())
			.param("actor", d.actor())
			.param("actingFor", d.actingFor())
			.param("reason", d.reason())
			.param("from", d.from() == null ? null : d.from().value())
			.param("to", d.to().value())
			.param("at", Timestamp.from(d.decidedAt()))
			.update();
	}

	/** Whether {@code actor} approved the request before (at any step). */
	boolean approvedBy(UUID requestId, String actor) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM access_decisions WHERE request_id = :request AND actor = :actor
				    AND decision = 'approve')""")
			.param("request", requestId)
			.param("actor", actor)
			.query(Boolean.class)
			.single();
	}

	List<AccessDecision> of(UUID requestId) {
		return jdbc.sql("""
				SELECT step, decision, actor, acting_for, reason, from_status, to_status, decided_at
				FROM access_decisions WHERE request_id = :request ORDER BY decided_at, decision = 'submit' DESC""")
			.param("request", requestId)
			.query((rs, row) -> new AccessDecision(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4),
					rs.getString(5), AccessRequestStatus.of(rs.getString(6)), AccessRequestStatus.of(rs.getString(7)),
					rs.getTimestamp(8).toInstant()))
			.list();
	}
}
