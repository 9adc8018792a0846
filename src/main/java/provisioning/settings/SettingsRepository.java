package provisioning.settings;

import java.time.Instant;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code provisioning_settings} table: versioned documents per kind. Call inside a tenant unit of work. */
@Repository
class SettingsRepository {

	/** A stored version of a document. */
	record Stored(int version, String document) {
	}

	private final JdbcClient jdbc;

	SettingsRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Stored> current(String kind) {
		return jdbc.sql("""
				SELECT version, document::text FROM provisioning_settings WHERE kind = :kind
				ORDER BY version DESC LIMIT 1""")
			.param("kind", kind)
			.query((rs, row) -> new Stored(rs.getInt(1), rs.getString(2)))
			.optional();
	}

	/** Serialises writers of {@code kind} in this tenant until the transaction ends. */
	void lock(String kind) {
		jdbc.sql("SELECT pg_advisory_xact_lock(hashtext(current_setting('app.tenant_id') || ':provisioning:' || :kind))")
			.param("kind", kind)
			.query((rs, row) -> 1)
			.list();
	}

	void insert(String kind, int version, String document, String by, Instant at) {
		jdbc.sql("""
				INSERT INTO provisioning_settings (tenant_id, kind, version, document, updated_by, updated_at)
				VALUES (current_setting('app.tenant_id'), :kind, :version, CAST(:document AS jsonb), :by, :at)""")
			.param("kind", kind)
			.param("version", version)
			.param("document", document)
			.param("by", by)
			.param("at", java.sql.Timestamp.from(at))
			.update();
	}
}
