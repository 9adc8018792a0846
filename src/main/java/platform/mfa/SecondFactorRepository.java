package platform.mfa;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code app_user_totp}, {@code app_user_recovery_codes} and {@code tenant_second_factor_policy}
 * (V253), in the tenant's unit of work; {@link #status} is the sign-in's one question before any.
 */
@Repository
class SecondFactorRepository {

	/** A user's TOTP secret (sealed); {@code confirmed} once a code from it was typed. */
	record Secret(String sealed, boolean confirmed, Long lastStep) {
	}

	private final JdbcClient jdbc;

	SecondFactorRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** {@code enrolled}, {@code required} or {@code none} (SECURITY DEFINER, no unit of work needed). */
	String status(String tenantId, String username) {
		return jdbc.sql("SELECT auth_second_factor(:tenant, :username)")
			.param("tenant", tenantId)
			.param("username", username)
			.query(String.class)
			.single();
	}

	Optional<Secret> secret(String username) {
		return jdbc.sql("SELECT secret_encrypted, confirmed_at IS NOT NULL AS confirmed, last_step FROM app_user_totp WHERE username = :u FOR UPDATE")
			.param("u", username)
			.query((rs, row) -> new Secret(rs.getString(1), rs.getBoolean(2), (Long) rs.getObject(3)))
			.optional();
	}

	/** A new unconfirmed secret, replacing an unconfirmed one; false when a confirmed one exists. */
	boolean startEnrolment(String tenantId, String username, String sealed, Instant now) {
		return jdbc.sql("""
				INSERT INTO app_user_totp (tenant_id, username, secret_encrypted, created_at) VALUES (:t, :u, :s, :now)
				ON CONFLICT (tenant_id, username) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted,
				    created_at = EXCLUDED.created_at, last_step = NULL
				WHERE app_user_totp.confirmed_at IS NULL""")
			.param("t", tenantId)
			.param("u", username)
			.param("s", sealed)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	void confirm(String username, long step, Instant now) {
		jdbc.sql("UPDATE app_user_totp SET confirmed_at = :now, last_step = :step WHERE username = :u")
			.param("u", username)
			.param("step", step)
			.param("now", Timestamp.from(now))
			.update();
	}

	void used(String username, long step) {
		jdbc.sql("UPDATE app_user_totp SET last_step = :step WHERE username = :u")
			.param("u", username)
			.param("step", step)
			.update();
	}

	void replaceRecoveryCodes(String tenantId, String username, List<String> hashes) {
		jdbc.sql("DELETE FROM app_user_recovery_codes WHERE username = :u").param("u", username).update();
		hashes.forEach(hash -> jdbc.sql("INSERT INTO app_user_recovery_codes (tenant_id, username, code_hash) VALUES (:t, :u, :h)")
			.param("t", tenantId)
			.param("u", username)
			.param("h", hash)
			.update());
	}

	/** Marks an unused recovery code used; false when there is none with that hash. */
	boolean useRecoveryCode(String username, String hash, Instant now) {
		return jdbc.sql("""
				UPDATE app_user_recovery_codes SET used_at = :now
				WHERE username = :u AND code_hash = :h AND used_at IS NULL""")
			.param("u", username)
			.param("h", hash)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	int unusedRecoveryCodes(String username) {
		return jdbc.sql("SELECT count(*) FROM app_user_recovery_codes WHERE username = :u AND used_at IS NULL")
			.param("u", username)
			.query(Integer.class)
			.single();
	}

	void remove(String username) {
		jdbc.sql("DELETE FROM app_user_recovery_codes WHERE username = :u").param("u", username).update();
		jdbc.sql("DELETE FROM app_user_totp WHERE username = :u").param("u", username).update();
	}

	String policy() {
		return jdbc.sql("SELECT required_for FROM tenant_second_factor_policy").query(String.class).optional().orElse("nobody");
	}

	void setPolicy(String tenantId, String requiredFor, String by, Instant now) {
		jdbc.sql("""
				INSERT INTO tenant_second_factor_policy (tenant_id, required_for, changed_by, changed_at) VALUES (:t, :r, :by, :now)
				ON CONFLICT (tenant_id) DO UPDATE SET required_for = EXCLUDED.required_for, changed_by = EXCLUDED.changed_by,
				    changed_at = EXCLUDED.changed_at""")
			.param("t", tenantId)
			.param("r", requiredFor)
			.param("by", by)
			.param("now", Timestamp.from(now))
			.update();
	}
}
