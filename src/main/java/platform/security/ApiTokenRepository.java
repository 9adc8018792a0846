package platform.security;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code api_tokens}. Everything but {@link #use} runs in the caller's tenant unit of work (RLS);
 * {@link #use} is the authentication look-up across tenants ({@code auth_use_api_token}).
 */
@Repository
class ApiTokenRepository {

	/** What authentication needs of a token, found by its hash before any tenant is known. */
	record TokenUse(UUID id, String tenantId, String tenantName, String name, List<String> roles, Instant expiresAt,
			Instant revokedAt) {
	}

	private final JdbcClient jdbc;
	private final Clock clock;

	ApiTokenRepository(JdbcClient jdbc, Clock clock) {
		this.jdbc = jdbc;
		this.clock = clock;
	}

	void insert(UUID id, String tenantId, String name, List<String> roles, String hash, String hint, String createdBy,
			Instant createdAt, Instant expiresAt) {
		jdbc.sql("""
				INSERT INTO api_tokens (id, tenant_id, name, roles, token_hash, token_hint, created_by, created_at, expires_at)
				VALUES (:id, :tenant, :name, :roles, :hash, :hint, :createdBy, :createdAt, :expiresAt)
				""")
			.param("id", id)
			.param("tenant", tenantId)
			.param("name", name)
			.param("roles", roles.toArray(String[]::new))
			.param("hash", hash)
			.param("hint", hint)
			.param("createdBy", createdBy)
			.param("createdAt", Timestamp.from(createdAt))
			.param("expiresAt", Timestamp.from(expiresAt))
			.update();
	}

	boolean activeNameExists(String name) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM api_tokens WHERE name = :name AND revoked_at IS NULL)")
			.param("name", name)
			.query(Boolean.class)
			.single();
	}

	/** The tenant's tokens, newest first; revoked ones too, so admins see the trail. */
	List<ApiToken> list(int limit) {
		return jdbc.sql(SELECT + " ORDER BY created_at DESC, id LIMIT :limit").param("limit", limit).query(this::token).list();
	}

	Optional<ApiToken> find(UUID id) {
		return jdbc.sql(SELECT + " WHERE id = :id").param("id", id).query(this::token).optional();
	}

	/** Revokes an active token; false when it is unknown (in this tenant) or already revoked. */
	boolean revoke(UUID id, String revokedBy, Instant at) {
		return jdbc.sql("UPDATE api_tokens SET revoked_at = :at, revoked_by = :by WHERE id = :id AND revoked_at IS NULL")
			.param("id", id)
			.param("by", revokedBy)
			.param("at", Timestamp.from(at))
			.update() == 1;
	}

	/** The token with this hash in any tenant, recording its use when it is valid at {@code now}. */
	Optional<TokenUse> use(String hash, Instant now, Duration touchAfter) {
		return jdbc.sql("SELECT * FROM auth_use_api_token(:hash, :now, CAST(:touchAfter AS interval))")
			.param("hash", hash)
			.param("now", Timestamp.from(now))
			.param("touchAfter", touchAfter.toMillis() + " milliseconds")
			.query((rs, row) -> new TokenUse(rs.getObject("id", UUID.class), rs.getString("tenant_id"),
					rs.getString("tenant_name"), rs.getString("name"), strings(rs, "roles"), instant(rs, "expires_at"),
					instant(rs, "revoked_at")))
			.optional();
	}

	private static final String SELECT = """
			SELECT id, name, roles, token_hint, created_by, created_at, expires_at, revoked_at, revoked_by, last_used_at
			FROM api_tokens""";

	private ApiToken token(ResultSet rs, int row) throws SQLException {
		Instant expiresAt = instant(rs, "expires_at");
		Instant revokedAt = instant(rs, "revoked_at");
		return new ApiToken(rs.getObject("id", UUID.class), rs.getString("name"), strings(rs, "roles"),
				rs.getString("token_hint"), rs.getString("created_by"), instant(rs, "created_at"), expiresAt, revokedAt,
				rs.getString("revoked_by"), instant(rs, "last_used_at"),
				ApiToken.statusAt(clock.instant(), expiresAt, revokedAt));
	}

	private static List<String> strings(ResultSet rs, String column) throws SQLException {
		return Arrays.stream((String[]) rs.getArray(column).getArray()).sorted().toList();
	}

	private static Instant instant(ResultSet rs, String column) throws SQLException {
		Timestamp timestamp = rs.getTimestamp(column);
		return timestamp == null ? null : timestamp.toInstant();
	}
}
