package platform.security;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code platform_audit}, written and read in the tenant's unit of work. The chain columns
 * ({@code seq}, {@code prev_hash}, {@code hash}) are written by the table's trigger (V211), never
 * here; the runtime role can neither update nor delete rows, and removes old ones only through
 * {@code platform_audit_purge}.
 */
@Repository
public class PlatformAuditRepository {

	/** Rows a streaming read (export, verification) fetches per round trip: memory stays constant. */
	static final int FETCH_SIZE = 500;

	private static final String FILTER = """
			WHERE (CAST(:from AS timestamptz) IS NULL OR acted_at >= CAST(:from AS timestamptz))
			  AND (CAST(:to AS timestamptz) IS NULL OR acted_at < CAST(:to AS timestamptz))
			  AND (CAST(:actor AS text) IS NULL OR actor = CAST(:actor AS text))
			  AND (CAST(:action AS text) IS NULL OR action = CAST(:action AS text) OR action LIKE CAST(:actionPrefix AS text))
			  AND (CAST(:subject AS text) IS NULL OR detail @> jsonb_build_object('subject', CAST(:subject AS text)))
			""";

	private final JdbcClient jdbc;
	private final NamedParameterJdbcTemplate streaming;

	PlatformAuditRepository(JdbcClient jdbc, DataSource dataSource) {
		this.jdbc = jdbc;
		JdbcTemplate template = new JdbcTemplate(dataSource);
		template.setFetchSize(FETCH_SIZE);
		this.streaming = new NamedParameterJdbcTemplate(template);
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

	/**
	 * Several entries of one actor and action in one statement, chained in the order given (the
	 * chain's row trigger sees the rows the statement inserted before).
	 */
	public void recordAll(String tenantId, String actor, String action, List<String> detailsJson) {
		if (detailsJson.isEmpty()) {
			return;
		}
		jdbc.sql("""
				INSERT INTO platform_audit (tenant_id, actor, action, detail)
				SELECT :tenant, :actor, :action, CAST(d.detail AS jsonb)
				FROM unnest(:details) WITH ORDINALITY AS d (detail, n) ORDER BY d.n
				""")
			.param("tenant", tenantId)
			.param("actor", actor)
			.param("action", action)
			.param("details", new org.springframework.jdbc.support.SqlArrayValue("text", detailsJson.toArray()))
			.update();
	}

	/** One entry of the trail; {@code detail} is its JSON text. */
	public record Entry(long id, String actor, String action, String detail, Instant actedAt) {
	}

	/**
	 * Which entries: acted in [{@code from}, {@code to}), by {@code actor}, with {@code action}
	 * (or a dotted prefix of it: {@code dead_letter} matches {@code dead_letter.retry}), about
	 * {@code subject}; null is any.
	 */
	public record Filter(Instant from, Instant to, String actor, String action, String subject) {

		public static final Filter ALL = new Filter(null, null, null, null, null);
	}

	/** An entry as exported, with its place in the chain. */
	public record ChainedEntry(long id, long seq, Instant actedAt, String actor, String action, String detail,
			byte[] prevHash, byte[] hash) {
	}

	/** A link of the chain as the verifier reads it: the stored hashes and the one the content gives now. */
	public record Link(long id, long seq, Instant actedAt, byte[] prevHash, byte[] hash, byte[] computed) {
	}

	/** The newest entries matching {@code filter} first, before {@code beforeId} when given. */
	public List<Entry> recent(Filter filter, Long beforeId, int limit) {
		return jdbc.sql("SELECT id, actor, action, detail::text AS detail, acted_at FROM platform_audit " + FILTER
				+ " AND (CAST(:before AS bigint) IS NULL OR id < CAST(:before AS bigint)) ORDER BY id DESC LIMIT :limit")
			.paramSource(parameters(filter).addValue("before", beforeId).addValue("limit", limit))
			.query((rs, row) -> new Entry(rs.getLong("id"), rs.getString("actor"), rs.getString("action"),
					rs.getString("detail"), instant(rs, "acted_at")))
			.list();
	}

	/** The newest entries whose action starts with {@code prefix}. */
	public List<Entry> recentWithPrefix(String prefix, int limit) {
		return jdbc.sql("""
				SELECT id, actor, action, detail::text AS detail, acted_at FROM platform_audit
				WHERE action LIKE :prefix ORDER BY id DESC LIMIT :limit""")
			.param("prefix", escapeLike(prefix) + "%")
			.param("limit", limit)
			.query((rs, row) -> new Entry(rs.getLong("id"), rs.getString("actor"), rs.getString("action"),
					rs.getString("detail"), instant(rs, "acted_at")))
			.list();
	}

	/** Every entry matching {@code filter} in chain order, streamed {@value #FETCH_SIZE} rows at a time. */
	public void stream(Filter filter, EntryHandler handler) {
		streaming.query("SELECT id, seq, acted_at, actor, action, detail::text AS detail, prev_hash, hash FROM platform_audit "
				+ FILTER + " ORDER BY seq", parameters(filter),
				(RowCallbackHandler) rs -> handler.handle(new ChainedEntry(rs.getLong("id"), rs.getLong("seq"),
						instant(rs, "acted_at"), rs.getString("actor"), rs.getString("action"), rs.getString("detail"),
						rs.getBytes("prev_hash"), rs.getBytes("hash"))));
	}

	/** The tenant's whole chain in order, each link with the hash its content gives now. */
	public void links(LinkHandler handler) {
		streaming.query("""
				SELECT id, seq, acted_at, prev_hash, hash,
				       platform_audit_hash(prev_hash, tenant_id, seq, actor, action, detail, acted_at) AS computed
				FROM platform_audit ORDER BY seq""", new MapSqlParameterSource(),
				(RowCallbackHandler) rs -> handler.handle(new Link(rs.getLong("id"), rs.getLong("seq"),
						instant(rs, "acted_at"), rs.getBytes("prev_hash"), rs.getBytes("hash"), rs.getBytes("computed"))));
	}

	/** Removes at most {@code limit} of the oldest entries acted before {@code before} (a prefix of the chain). */
	public int purge(Instant before, int limit) {
		return jdbc.sql("SELECT platform_audit_purge(:before, :limit)")
			.param("before", OffsetDateTime.ofInstant(before, ZoneOffset.UTC))
			.param("limit", limit)
			.query(Integer.class)
			.single();
	}

	/** Every tenant, for the audit jobs (owner-run function: the runtime role sees one tenant only). */
	public List<String> tenants() {
		return jdbc.sql("SELECT t FROM platform_audit_tenants() AS t").query(String.class).list();
	}

	/** The tenant's retention in days, when it set one. */
	public Optional<Integer> keepDays() {
		return jdbc.sql("SELECT keep_days FROM platform_audit_retention").query(Integer.class).optional();
	}

	public void setKeepDays(String tenantId, int days, String setBy) {
		jdbc.sql("""
				INSERT INTO platform_audit_retention (tenant_id, keep_days, set_by) VALUES (:tenant, :days, :by)
				ON CONFLICT (tenant_id) DO UPDATE SET keep_days = excluded.keep_days, set_by = excluded.set_by, set_at = now()""")
			.param("tenant", tenantId)
			.param("days", days)
			.param("by", setBy)
			.update();
	}

	/** Takes one exported entry at a time. */
	@FunctionalInterface
	public interface EntryHandler {
		void handle(ChainedEntry entry);
	}

	/** Takes one link at a time. */
	@FunctionalInterface
	public interface LinkHandler {
		void handle(Link link);
	}

	private static MapSqlParameterSource parameters(Filter filter) {
		String action = blankToNull(filter.action());
		return new MapSqlParameterSource()
			.addValue("from", filter.from() == null ? null : OffsetDateTime.ofInstant(filter.from(), ZoneOffset.UTC))
			.addValue("to", filter.to() == null ? null : OffsetDateTime.ofInstant(filter.to(), ZoneOffset.UTC))
			.addValue("actor", blankToNull(filter.actor()))
			.addValue("action", action)
			.addValue("actionPrefix", action == null ? null : escapeLike(action) + ".%")
			.addValue("subject", blankToNull(filter.subject()));
	}

	private static String blankToNull(String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}

	private static String escapeLike(String text) {
		return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}

	private static Instant instant(ResultSet rs, String column) throws SQLException {
		return rs.getTimestamp(column).toInstant();
	}
}
