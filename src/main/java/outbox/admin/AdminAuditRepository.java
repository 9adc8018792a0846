package outbox.admin;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code outbox_admin_audit}: who did what to which dead letters, when, and how many it affected. */
@Repository
class AdminAuditRepository {

	private final JdbcClient jdbc;

	AdminAuditRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void record(String tenantId, String actor, String action, UUID eventId, String filterJson, int affected) {
		jdbc.sql("""
				INSERT INTO outbox_admin_audit (tenant_id, actor, action, event_id, filter, affected)
				VALUES (:tenant, :actor, :action, :eventId, CAST(:filter AS jsonb), :affected)""")
			.param("tenant", tenantId)
			.param("actor", actor)
			.param("action", action)
			.param("eventId", eventId)
			.param("filter", filterJson)
			.param("affected", affected)
			.update();
	}

	List<AuditEntry> recent(int limit) {
		return jdbc.sql("""
				SELECT actor, action, event_id, filter::text, affected, acted_at FROM outbox_admin_audit
				ORDER BY acted_at DESC, id DESC LIMIT :limit""")
			.param("limit", limit)
			.query((rs, row) -> new AuditEntry(rs.getString(1), rs.getString(2), rs.getObject(3, UUID.class),
					rs.getString(4), rs.getInt(5), rs.getObject(6, OffsetDateTime.class)))
			.list();
	}
}
