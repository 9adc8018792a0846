package platform.admin;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import platform.Role;

/**
 * The administration's statements on the platform's user and group tables. Every call runs in
 * the admin's tenant unit of work, so row-level security keeps other tenants out of reach.
 */
@Repository
class DirectoryAdminRepository {

	/** A user row with roles and groups, before the other modules' references are added. */
	record UserRow(String username, String displayName, String email, List<String> roles, List<String> groups,
			boolean enabled, java.time.Instant createdAt) {
	}

	private static final String USERS = """
			SELECT u.username, u.display_name, u.email, u.enabled, u.created_at,
			       coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM app_user_roles r
			                 WHERE r.tenant_id = u.tenant_id AND r.username = u.username), '{}') AS roles,
			       coalesce((SELECT array_agg(g.group_name ORDER BY g.group_name) FROM app_group_members g
			                 WHERE g.tenant_id = u.tenant_id AND g.username = u.username), '{}') AS groups
			FROM app_users u
			""";

	private final JdbcClient jdbc;

	DirectoryAdminRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Serialises the tenant's directory changes, so two admins cannot both remove the last ADMIN. */
	void lockDirectory() {
		jdbc.sql("SELECT pg_advisory_xact_lock(hashtext('platform.directory:' || current_setting('app.tenant_id')))")
			.query()
			.singleValue();
	}

	List<UserRow> users(String query, String after, int limit) {
		return jdbc.sql(USERS + """
				WHERE (CAST(:after AS text) IS NULL OR u.username > :after)
				  AND (CAST(:q AS text) IS NULL OR u.username ILIKE :q ESCAPE '\\' OR u.display_name ILIKE :q ESCAPE '\\'
				       OR u.email ILIKE :q ESCAPE '\\')
				ORDER BY u.username LIMIT :limit
				""")
			.param("after", after)
			.param("q", query == null ? null : "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
			.param("limit", limit)
			.query(this::row)
			.list();
	}

	Optional<UserRow> user(String username) {
		return jdbc.sql(USERS + " WHERE u.username = :username").param("username", username).query(this::row).optional();
	}

	boolean emailTaken(String email, String exceptUsername) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM app_users WHERE lower(email) = lower(:email)
				               AND (CAST(:except AS text) IS NULL OR username <> :except))""")
			.param("email", email)
			.param("except", exceptUsername)
			.query(Boolean.class)
			.single();
	}

	/** False when the username exists in this tenant already. */
	boolean insertUser(String username, String displayName, String email, String passwordHash) {
		return jdbc.sql("""
				INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
				VALUES (:username, current_setting('app.tenant_id'), :displayName, :email, :hash)
				ON CONFLICT (tenant_id, username) DO NOTHING
				""")
			.param("username", username)
			.param("displayName", displayName)
			.param("email", email)
			.param("hash", passwordHash)
			.update() == 1;
	}

	void updateProfile(String username, String displayName, String email) {
		jdbc.sql("UPDATE app_users SET display_name = :displayName, email = :email WHERE username = :username")
			.param("username", username)
			.param("displayName", displayName)
			.param("email", email)
			.update();
	}

	void updatePassword(String username, String passwordHash) {
		jdbc.sql("UPDATE app_users SET password_hash = :hash WHERE username = :username")
			.param("username", username)
			.param("hash", passwordHash)
			.update();
	}

	void setEnabled(String username, boolean enabled) {
		jdbc.sql("UPDATE app_users SET enabled = :enabled WHERE username = :username")
			.param("username", username)
			.param("enabled", enabled)
			.update();
	}

	void replaceRoles(String username, List<Role> roles) {
		jdbc.sql("DELETE FROM app_user_roles WHERE username = :username").param("username", username).update();
		roles.forEach(role -> jdbc.sql("""
				INSERT INTO app_user_roles (tenant_id, username, role) VALUES (current_setting('app.tenant_id'), :username, :role)""")
			.param("username", username)
			.param("role", role.name())
			.update());
	}

	/** Enabled ADMINs other than {@code username}. */
	long otherEnabledAdmins(String username) {
		return jdbc.sql("""
				SELECT count(*) FROM app_users u
				WHERE u.enabled AND u.username <> :username
				  AND EXISTS (SELECT 1 FROM app_user_roles r WHERE r.tenant_id = u.tenant_id AND r.username = u.username
				              AND r.role = 'ADMIN')""")
			.param("username", username)
			.query(Long.class)
			.single();
	}

	List<String> groups() {
		return jdbc.sql("SELECT name FROM app_groups ORDER BY name").query(String.class).list();
	}

	boolean groupExists(String name) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM app_groups WHERE name = :name)").param("name", name)
			.query(Boolean.class).single();
	}

	/** Every member, enabled or not, sorted. */
	List<String> members(String group) {
		return jdbc.sql("SELECT username FROM app_group_members WHERE group_name = :group ORDER BY username")
			.param("group", group)
			.query(String.class)
			.list();
	}

	boolean insertGroup(String name) {
		return jdbc.sql("""
				INSERT INTO app_groups (tenant_id, name) VALUES (current_setting('app.tenant_id'), :name)
				ON CONFLICT DO NOTHING""").param("name", name).update() == 1;
	}

	/** Memberships follow through ON UPDATE CASCADE. */
	void renameGroup(String name, String newName) {
		jdbc.sql("UPDATE app_groups SET name = :newName WHERE name = :name")
			.param("name", name)
			.param("newName", newName)
			.update();
	}

	boolean addMember(String group, String username) {
		return jdbc.sql("""
				INSERT INTO app_group_members (tenant_id, group_name, username)
				VALUES (current_setting('app.tenant_id'), :group, :username) ON CONFLICT DO NOTHING""")
			.param("group", group)
			.param("username", username)
			.update() == 1;
	}

	boolean removeMember(String group, String username) {
		return jdbc.sql("DELETE FROM app_group_members WHERE group_name = :group AND username = :username")
			.param("group", group)
			.param("username", username)
			.update() == 1;
	}

	private UserRow row(ResultSet rs, int rowNum) throws SQLException {
		return new UserRow(rs.getString("username"), rs.getString("display_name"), rs.getString("email"),
				strings(rs.getArray("roles")), strings(rs.getArray("groups")), rs.getBoolean("enabled"),
				rs.getTimestamp("created_at").toInstant());
	}

	private static List<String> strings(Array array) throws SQLException {
		return array == null ? List.of() : Arrays.stream((Object[]) array.getArray()).map(String::valueOf).toList();
	}
}
