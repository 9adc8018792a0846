package platform.security;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import platform.Role;
import platform.UserDirectory;

/** Reads users and groups; relies on the caller's tenant unit of work for isolation (RLS). */
@Component
class JdbcUserDirectory implements UserDirectory {

	private final JdbcClient jdbc;

	JdbcUserDirectory(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	private static final String USERS = """
			SELECT u.username, u.display_name, u.email,
			       coalesce((SELECT array_agg(r.role) FROM app_user_roles r WHERE r.username = u.username), '{}') AS roles,
			       coalesce((SELECT array_agg(g.group_name) FROM app_group_members g WHERE g.username = u.username), '{}') AS groups
			FROM app_users u
			WHERE u.enabled
			""";

	@Override
	public Optional<DirectoryUser> find(String username) {
		return jdbc.sql(USERS + " AND u.username = :username").param("username", username).query(this::user).optional();
	}

	@Override
	public Optional<DirectoryUser> findByEmail(String email) {
		if (email == null || email.isBlank()) {
			return Optional.empty();
		}
		return jdbc.sql(USERS + " AND lower(u.email) = lower(:email) ORDER BY u.username LIMIT 1")
			.param("email", email.strip())
			.query(this::user)
			.optional();
	}

	@Override
	public List<DirectoryUser> findAll(Collection<String> usernames) {
		if (usernames.isEmpty()) {
			return List.of();
		}
		return jdbc.sql(USERS + " AND u.username IN (:usernames)").param("usernames", usernames).query(this::user).list();
	}

	@Override
	public List<String> disabled(Collection<String> usernames) {
		if (usernames.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("SELECT username FROM app_users WHERE NOT enabled AND username IN (:usernames) ORDER BY username")
			.param("usernames", usernames)
			.query(String.class)
			.list();
	}

	@Override
	public Map<String, String> displayNames(Collection<String> usernames) {
		Map<String, String> names = new HashMap<>();
		if (!usernames.isEmpty()) {
			jdbc.sql("SELECT username, display_name FROM app_users WHERE username IN (:usernames)")
				.param("usernames", usernames)
				.query((rs, row) -> names.put(rs.getString(1), rs.getString(2)))
				.list();
		}
		return names;
	}

	@Override
	public Optional<String> tenantName() {
		return jdbc.sql("SELECT name FROM tenants WHERE id = current_setting('app.tenant_id', true)")
			.query(String.class)
			.optional();
	}

	@Override
	public List<DirectoryUser> withRole(Role role) {
		return jdbc.sql(USERS + """
				 AND EXISTS (SELECT 1 FROM app_user_roles r WHERE r.username = u.username AND r.role = :role)
				ORDER BY u.username""").param("role", role.name()).query(this::user).list();
	}

	@Override
	public List<String> groupMembers(String group) {
		return jdbc.sql("""
				SELECT g.username FROM app_group_members g JOIN app_users u ON u.tenant_id = g.tenant_id AND u.username = g.username
				WHERE g.group_name = :group AND u.enabled
				ORDER BY g.username
				""")
			.param("group", group)
			.query(String.class)
			.list();
	}

	@Override
	public List<String> groups() {
		return jdbc.sql("SELECT name FROM app_groups ORDER BY name").query(String.class).list();
	}

	private DirectoryUser user(ResultSet rs, int row) throws SQLException {
		return new DirectoryUser(rs.getString("username"), rs.getString("display_name"), rs.getString("email"),
				SqlArrays.roles(rs.getArray("roles")), SqlArrays.strings(rs.getArray("groups")));
	}
}
