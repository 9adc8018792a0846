package platform.mode;

import org.springframework.jdbc.core.simple.JdbcClient;
import platform.StartupRefusedException;

/**
 * Row-level security only separates tenants when the runtime role (the pool's login) neither
 * owns an application table (owners are exempt unless FORCE, and the owner-only login and scan
 * policies in V3, V13 and V34 are {@code TO CURRENT_USER USING (true)}), nor is a superuser, nor
 * has BYPASSRLS. Checked in every mode, once the migrations ran.
 */
final class DatabaseRoleGuard {

	record RuntimeRole(String name, boolean superuser, boolean bypassRls, String ownedTables) {
	}

	private final JdbcClient jdbc;

	DatabaseRoleGuard(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void check() {
		// a role that is a member of the owner role gets the owner's policies too, hence pg_has_role
		RuntimeRole role = jdbc.sql("""
				SELECT r.rolname, r.rolsuper, r.rolbypassrls,
				       (SELECT string_agg(c.relname, ', ' ORDER BY c.relname)
				        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
				          AND pg_has_role(current_user, c.relowner, 'MEMBER')) AS owned
				FROM pg_roles r WHERE r.rolname = current_user
				""")
			.query((rs, row) -> new RuntimeRole(rs.getString(1), rs.getBoolean(2), rs.getBoolean(3), rs.getString(4)))
			.single();
		String action = "Set SPRING_DATASOURCE_USERNAME / SPRING_DATASOURCE_PASSWORD to a separate login role that "
				+ "is NOSUPERUSER NOBYPASSRLS and owns no table (README, \"Production\"); the owner belongs in "
				+ "SPRING_FLYWAY_USER.";
		if (role.superuser()) {
			throw new StartupRefusedException("the runtime role " + role.name()
					+ " (SPRING_DATASOURCE_USERNAME) is a superuser, so row-level security does not separate tenants.",
					action);
		}
		if (role.bypassRls()) {
			throw new StartupRefusedException("the runtime role " + role.name()
					+ " (SPRING_DATASOURCE_USERNAME) has BYPASSRLS, so row-level security does not separate tenants.",
					action);
		}
		if (role.ownedTables() != null) {
			throw new StartupRefusedException("the runtime role " + role.name()
					+ " (SPRING_DATASOURCE_USERNAME) owns (or is a member of the owner of) application tables: "
					+ abbreviate(role.ownedTables()) + ". Row-level security does not separate tenants for the owner.",
					action);
		}
	}

	private static String abbreviate(String tables) {
		return tables.length() <= 160 ? tables : tables.substring(0, 159) + "…";
	}
}
