package platform.security;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code platform_audit}, written in the tenant's unit of work. */
@Repository
class PlatformAuditRepository {

	private final JdbcClient jdbc;

	PlatformAuditRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void record(String tenantId, String actor, String action, String detailJson) {
		jdbc.sql("""
				INSERT INTO platform_audit (tenant_id, actor, action, detail)
				VALUES (:tenant, :actor, :action, CAST(:detail AS jsonb))
				""")
			.param("tenant", tenantId)
			.param("actor", actor)
			.param("action", action)
			.param("detail", detailJson)
			.update();
	}
}
