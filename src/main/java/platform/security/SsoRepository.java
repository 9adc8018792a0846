package platform.security;

import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import platform.SecretStore;

import platform.security.SsoSettings.Mapping;

/** {@code platform_sso} and its mappings (V93), and the users' issuer links; in the tenant's unit of work. */
@Repository
public class SsoRepository {

	private final JdbcClient jdbc;
	private final SecretStore secrets;

	SsoRepository(JdbcClient jdbc, SecretStore secrets) {
		this.jdbc = jdbc;
		this.secrets = secrets;
	}

	public Optional<SsoSettings> find() {
		List<Mapping> mappings = jdbc.sql("SELECT claim_value, role, group_name FROM platform_sso_mappings ORDER BY claim_value, role, group_name")
			.query((rs, row) -> new Mapping(rs.getString("claim_value"), rs.getString("role"), rs.getString("group_name")))
			.list();
		return jdbc.sql("""
				SELECT issuer_uri, client_id, client_secret, email_claim, groups_claim, local_passwords, updated_at
				FROM platform_sso""")
			.query((rs, row) -> new SsoSettings(rs.getString("issuer_uri"), rs.getString("client_id"),
					secrets.open(rs.getString("client_secret")), rs.getString("email_claim"), rs.getString("groups_claim"),
					rs.getBoolean("local_passwords"), mappings, rs.getTimestamp("updated_at").toInstant()))
			.optional();
	}

	public void save(SsoSettings settings) {
		jdbc.sql("""
				INSERT INTO platform_sso (tenant_id, issuer_uri, client_id, client_secret, email_claim, groups_claim, local_passwords)
				VALUES (current_setting('app.tenant_id'), :issuer, :clientId, :secret, :emailClaim, :groupsClaim, :local)
				ON CONFLICT (tenant_id) DO UPDATE SET issuer_uri = EXCLUDED.issuer_uri, client_id = EXCLUDED.client_id,
				    client_secret = EXCLUDED.client_secret, email_claim = EXCLUDED.email_claim,
				    groups_claim = EXCLUDED.groups_claim, local_passwords = EXCLUDED.local_passwords, updated_at = clock_timestamp()
				""")
			.param("issuer", settings.issuerUri())
			.param("clientId", settings.clientId())
			.param("secret", secrets.seal(settings.clientSecret()))
			.param("emailClaim", settings.emailClaim())
			.param("groupsClaim", settings.groupsClaim())
			.param("local", settings.localPasswords())
			.update();
		jdbc.sql("DELETE FROM platform_sso_mappings").update();
		for (Mapping mapping : settings.mappings()) {
			jdbc.sql("""
					INSERT INTO platform_sso_mappings (tenant_id, claim_value, role, group_name)
					VALUES (current_setting('app.tenant_id'), :claim, :role, :group)""")
				.param("claim", mapping.claimValue())
				.param("role", mapping.role())
				.param("group", mapping.group())
				.update();
		}
	}

	/** The user with this work email (case-insensitive), as (username, enabled, linked subject). */
	record Linked(String username, boolean enabled, String subject) {
	}

	Optional<Linked> userByEmail(String email) {
		return jdbc.sql("SELECT username, enabled, sso_subject FROM app_users WHERE lower(email) = lower(:email)")
			.param("email", email)
			.query((rs, row) -> new Linked(rs.getString("username"), rs.getBoolean("enabled"), rs.getString("sso_subject")))
			.optional();
	}

	boolean usernameTaken(String username) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM app_users WHERE username = :u)").param("u", username)
			.query(Boolean.class).single();
	}

	void insertUser(String username, String displayName, String email, String passwordHash, String subject) {
		jdbc.sql("""
				INSERT INTO app_users (username, tenant_id, display_name, email, password_hash, sso_subject)
				VALUES (:u, current_setting('app.tenant_id'), :name, :email, :hash, :subject)""")
			.param("u", username).param("name", displayName).param("email", email).param("hash", passwordHash)
			.param("subject", subject)
			.update();
	}

	void link(String username, String subject) {
		jdbc.sql("UPDATE app_users SET sso_subject = :subject WHERE username = :u AND sso_subject IS NULL")
			.param("u", username).param("subject", subject).update();
	}

	void addRole(String username, String role) {
		jdbc.sql("""
				INSERT INTO app_user_roles (tenant_id, username, role) VALUES (current_setting('app.tenant_id'), :u, :role)
				ON CONFLICT DO NOTHING""").param("u", username).param("role", role).update();
	}

	/** Adds the membership when the group exists; false otherwise. */
	boolean addToGroup(String username, String group) {
		return jdbc.sql("""
				INSERT INTO app_group_members (tenant_id, group_name, username)
				SELECT current_setting('app.tenant_id'), g.name, :u FROM app_groups g WHERE g.name = :group
				ON CONFLICT DO NOTHING""").param("u", username).param("group", group).update() == 1;
	}

	boolean localPasswords(String tenantId) {
		return jdbc.sql("SELECT auth_local_passwords(:tenant)").param("tenant", tenantId).query(Boolean.class).single();
	}
}
