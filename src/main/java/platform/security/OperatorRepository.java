package platform.security;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code platform_operators}: the users (of a tenant) granted the platform operator role in the database. */
@Repository
public class OperatorRepository {

	private final JdbcClient jdbc;

	OperatorRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	boolean isOperator(String tenantId, String username) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM platform_operators WHERE tenant_id = :tenant AND username = :username)")
			.param("tenant", tenantId)
			.param("username", username)
			.query(Boolean.class)
			.single();
	}

	public void grant(String tenantId, String username, String grantedBy) {
		jdbc.sql("""
				INSERT INTO platform_operators (tenant_id, username, granted_by) VALUES (:tenant, :username, :by)
				ON CONFLICT DO NOTHING""")
			.param("tenant", tenantId)
			.param("username", username)
			.param("by", grantedBy)
			.update();
	}
}
