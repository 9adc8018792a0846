package access;

import java.time.Instant;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code access_catalog} table: the catalog's versions. Call inside a tenant unit of work. */
@Repository
class CatalogRepository {

	record Stored(int version, String document) {
	}

	private final JdbcClient jdbc;

	CatalogRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	Optional<Stored> current() {
		return jdbc.sql("SELECT version, document::text FROM access_catalog ORDER BY version DESC LIMIT 1")
			.query((rs, row) -> new Stored(rs.getInt(1), rs.getString(2)))
			.optional();
	}

	/** Serialises the catalog's writers in this tenant until the transaction ends. */
	void lock() {
		jdbc.sql("SELECT pg_advisory_xact_lock(hashtext(current_setting('app.tenant_id') || ':access:catalog'))")
			.query((rs, row) -> 1)
			.list();
	}

	void insert(int version, String document, String by, Instant at) {
		jdbc.sql("""
				INSERT INTO access_catalog (tenant_id, version, document, updated_by, updated_at)
				VALUES (current_setting('app.tenant_id'), :version, CAST(:document AS jsonb), :by, :at)""")
			.param("version", version)
			.param("document", document)
			.param("by", by)
			.param("at", java.sql.Timestamp.from(at))
			.update();
	}
}
