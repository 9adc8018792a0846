package hr.sync;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * SQL of {@code hr_sources} (a tenant's source: settings and cursor) and {@code hr_source_runs}
 * (its pulls). Call inside a tenant unit of work, but for the cross-tenant scan.
 */
@Repository
class SourceRepository {

	private final JdbcClient jdbc;

	SourceRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<StoredSource> find() {
		return jdbc.sql("""
				SELECT url, format, auth, username, secret, every_minutes, offboard_missing, enabled, version, next_due_at,
				       etag, last_modified, failures, content_sha256
				FROM hr_sources WHERE tenant_id = current_setting('app.tenant_id')""")
			.query(SourceRepository::source)
			.optional();
	}

	/**
	 * Saves the settings one version on from {@code current} (0: none yet), due at {@code due}; a
	 * changed URL or format forgets the cursor (another file). False when another save came first.
	 */
	boolean save(StoredSource source, int current, String actor, Instant at, Instant due) {
		String sql = current == 0 ? """
				INSERT INTO hr_sources (tenant_id, url, format, auth, username, secret, every_minutes, offboard_missing,
				    enabled, version, updated_by, updated_at, next_due_at)
				VALUES (current_setting('app.tenant_id'), :url, :format, :auth, :username, :secret, :every, :offboardMissing,
				    :enabled, 1, :actor, :at, :due)
				ON CONFLICT (tenant_id) DO NOTHING""" : """
				UPDATE hr_sources SET url = :url, format = :format, auth = :auth, username = :username, secret = :secret,
				    every_minutes = :every, offboard_missing = :offboardMissing, enabled = :enabled, version = version + 1,
				    updated_by = :actor, updated_at = :at, next_due_at = :due, failures = 0,
				    etag = CASE WHEN url = :url AND format = :format THEN etag END,
				    last_modified = CASE WHEN url = :url AND format = :format THEN last_modified END,
				    content_sha256 = CASE WHEN url = :url AND format = :format THEN content_sha256 END
				WHERE tenant_id = current_setting('app.tenant_id') AND version = :current""";
		return jdbc.sql(sql)
			.param("url", source.url())
			.param("format", source.format().value())
			.param("auth", source.auth().value())
			.param("username", source.username())
			.param("secret", source.sealedSecret())
			.param("every", source.everyMinutes())
			.param("offboardMissing", source.offboardMissing())
			.param("enabled", source.enabled())
			.param("actor", actor)
			.param("at", Timestamp.from(at))
			.param("due", Timestamp.from(due))
			.param("current", current)
			.update() > 0;
	}

	/** Makes the next pull due at {@code at} (an admin's "sync now"); false without a source. */
	boolean dueAt(Instant at) {
		return jdbc.sql("UPDATE hr_sources SET next_due_at = :at WHERE tenant_id = current_setting('app.tenant_id')")
			.param("at", Timestamp.from(at))
			.update() > 0;
	}

	/**
	 * A pull that succeeded: the answer's validators and the hash of the body last imported kept, the
	 * failures forgotten, the next pull due at {@code next}.
	 */
	void succeeded(String etag, String lastModified, String contentSha256, Instant next) {
		jdbc.sql("""
				UPDATE hr_sources SET etag = :etag, last_modified = :lastModified, content_sha256 = :sha256, failures = 0,
				    next_due_at = :next
				WHERE tenant_id = current_setting('app.tenant_id')""")
			.param("etag", etag)
			.param("lastModified", lastModified)
			.param("sha256", contentSha256)
			.param("next", Timestamp.from(next))
			.update();
	}

	/** A pull that failed: one more failure in a row, the next pull due at {@code next}. */
	void failed(Instant next) {
		jdbc.sql("""
				UPDATE hr_sources SET failures = failures + 1, next_due_at = :next
				WHERE tenant_id = current_setting('app.tenant_id')""")
			.param("next", Timestamp.from(next))
			.update();
	}

	/** Records a pull, and forgets those started before {@code keepSince}. */
	void record(UUID id, Instant started, Instant finished, String outcome, Integer httpStatus, UUID importId,
			String error, Instant keepSince) {
		jdbc.sql("""
				INSERT INTO hr_source_runs (tenant_id, id, started_at, finished_at, outcome, http_status, import_id, error)
				VALUES (current_setting('app.tenant_id'), :id, :started, :finished, :outcome, :status, :import, :error)""")
			.param("id", id)
			.param("started", Timestamp.from(started))
			.param("finished", Timestamp.from(finished))
			.param("outcome", outcome)
			.param("status", httpStatus)
			.param("import", importId)
			.param("error", error)
			.update();
		jdbc.sql("DELETE FROM hr_source_runs WHERE tenant_id = current_setting('app.tenant_id') AND started_at < :since")
			.param("since", Timestamp.from(keepSince))
			.update();
	}

	/** The tenant's newest pulls, newest first. */
	List<Run> recent(int limit) {
		return jdbc.sql("""
				SELECT id, started_at, finished_at, outcome, http_status, import_id, error FROM hr_source_runs
				WHERE tenant_id = current_setting('app.tenant_id') ORDER BY started_at DESC, finished_at DESC, id LIMIT :limit""")
			.param("limit", limit)
			.query((rs, n) -> new Run(rs.getObject("id", UUID.class), rs.getTimestamp("started_at").toInstant(),
					rs.getTimestamp("finished_at").toInstant(), rs.getString("outcome"),
					rs.getObject("http_status", Integer.class), rs.getObject("import_id", UUID.class), rs.getString("error")))
			.list();
	}

	/** The sync's one cross-tenant question: the active tenants whose source is due by {@code now}, longest due first. */
	List<String> tenantsDue(Instant now) {
		return jdbc.sql("SELECT t FROM hr_tenants_with_due_sources(:now) AS t")
			.param("now", Timestamp.from(now))
			.query(String.class)
			.list();
	}

	/** A pull as stored. */
	record Run(UUID id, Instant startedAt, Instant finishedAt, String outcome, Integer httpStatus, UUID importId,
			String error) {
	}

	private static StoredSource source(ResultSet rs, int n) throws SQLException {
		Timestamp due = rs.getTimestamp("next_due_at");
		return new StoredSource(rs.getString("url"), SourceFormat.of(rs.getString("format")).orElseThrow(),
				SourceAuth.of(rs.getString("auth")).orElseThrow(), rs.getString("username"), rs.getString("secret"),
				rs.getInt("every_minutes"), rs.getBoolean("offboard_missing"), rs.getBoolean("enabled"), rs.getInt("version"),
				due == null ? null : due.toInstant(), rs.getString("etag"), rs.getString("last_modified"),
				rs.getInt("failures"), rs.getString("content_sha256"));
	}
}
