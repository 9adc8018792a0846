package platform.security;

import java.time.Instant;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code platform_audit}, written and read in the tenant's unit of work. */
@Repository
public class PlatformAuditRepository {

	private final JdbcClient jdbc;

	PlatformAuditRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public void record(String tenantId, String actor, String action, String detailJson) {
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

	/** One entry of the trail; {@code detail} is its JSON text. */
	public record Entry(long id, String actor, String action, String detail, Instant actedAt) {
	}

	/**
	 * The newest entries first, before {@code beforeId} when given; {@code subject} (optional)
	 * keeps the entries whose detail names it (a username, a group, a definition key).
	 */
	public List<Entry> recent(String subject, Long beforeId, int limit) {
		return jdbc.sql("""
				SELECT id, actor, action, detail::text AS detail, acted_at FROM platform_audit
				WHERE (CAST(:before AS bigint) IS NULL OR id < :before)
				  AND (CAST(:subject AS text) IS NULL OR detail @> jsonb_build_object('subject', CAST(:subject AS text)))
				ORDER BY id DESC LIMIT :limit
				""")
			.param("before", beforeId)
			.param("subject", subject)
			.param("limit", limit)
			.query((rs, row) -> new Entry(rs.getLong("id"), rs.getString("actor"), rs.getString("action"),
					rs.getString("detail"), rs.getTimestamp("acted_at").toInstant()))
			.list();
	}
}
