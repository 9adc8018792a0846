package platform.security;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import platform.Role;

/**
 * The bootstrap's statements on the platform's user tables. Every write runs in the new tenant's
 * unit of work (row-level security); only {@link #anyTenantExists()} looks across tenants,
 * through its SECURITY DEFINER function.
 */
@Repository
class BootstrapRepository {

	private final JdbcClient jdbc;

	BootstrapRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	boolean anyTenantExists() {
		return jdbc.sql("SELECT platform_any_tenant_exists()").query(Boolean.class).single();
	}

	boolean tenantExists(String tenantId) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM tenants WHERE id = :id)")
			.param("id", tenantId)
			.query(Boolean.class)
			.single();
	}

	/** False when another instance created it first (two instances bootstrapping at once). */
	boolean insertTenant(String tenantId, String name) {
		return jdbc.sql("INSERT INTO tenants (id, name) VALUES (:id, :name) ON CONFLICT DO NOTHING")
			.param("id", tenantId)
			.param("name", name)
			.update() == 1;
	}

	void insertAdmin(String tenantId, String username, String passwordHash, List<Role> roles, List<String> groups) {
		jdbc.sql("""
				INSERT INTO app_users (username, tenant_id, display_name, password_hash)
				VALUES (:username, :tenant, :username, :hash)
				""")
			.param("username", username)
			.param("tenant", tenantId)
			.param("hash", passwordHash)
			.update();
		roles.forEach(role -> jdbc.sql("INSERT INTO app_user_roles (tenant_id, username, role) VALUES (:tenant, :username, :role)")
			.param("tenant", tenantId)
			.param("username", username)
			.param("role", role.name())
			.update());
		groups.forEach(group -> jdbc.sql("INSERT INTO app_groups (tenant_id, name) VALUES (:tenant, :group) ON CONFLICT DO NOTHING")
			.param("tenant", tenantId)
			.param("group", group)
			.update());
		groups.forEach(group -> jdbc.sql("INSERT INTO app_group_members (tenant_id, group_name, username) VALUES (:tenant, :group, :username)")
			.param("tenant", tenantId)
			.param("group", group)
			.param("username", username)
			.update());
	}
}
