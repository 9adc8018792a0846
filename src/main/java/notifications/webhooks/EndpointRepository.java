package notifications.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code webhook_endpoints} table. Call inside a tenant unit of work (RLS). */
@Repository
class EndpointRepository {

	private static final String COLUMNS = """
			id, url, events, status, created_at, created_by, failing_since, disabled_at, disabled_reason""";

	private final JdbcClient jdbc;

	EndpointRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	void insert(Endpoint endpoint, String sealedSecret) {
		jdbc.sql("""
				INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret_sealed, status, created_at, created_by)
				VALUES (:id, current_setting('app.tenant_id'), :url, :events, :secret, :status, :createdAt, :createdBy)""")
			.param("id", endpoint.id())
			.param("url", endpoint.url())
			.param("events", endpoint.events().toArray(String[]::new))
			.param("secret", sealedSecret)
			.param("status", endpoint.status())
			.param("createdAt", Timestamp.from(endpoint.createdAt()))
			.param("createdBy", endpoint.createdBy())
			.update();
	}

	List<Endpoint> list() {
		return jdbc.sql("SELECT " + COLUMNS + " FROM webhook_endpoints ORDER BY created_at, id")
			.query(EndpointRepository::map)
			.list();
	}

	Optional<Endpoint> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM webhook_endpoints WHERE id = :id")
			.param("id", id)
			.query(EndpointRepository::map)
			.optional();
	}

	/** The enabled endpoints subscribed to {@code type} (or to everything), with their sealed secrets unread. */
	List<UUID> subscribedTo(String type) {
		return jdbc.sql("""
				SELECT id FROM webhook_endpoints
				WHERE status = 'enabled' AND (events @> ARRAY[:type]::text[] OR events @> ARRAY['*']::text[])
				ORDER BY created_at, id""")
			.param("type", type)
			.query(UUID.class)
			.list();
	}

	/** The types the tenant's enabled endpoints subscribe to ({@code *} among them when one takes all). */
	List<String> subscribedTypes() {
		return jdbc.sql("SELECT DISTINCT unnest(events) FROM webhook_endpoints WHERE status = 'enabled' ORDER BY 1")
			.query(String.class)
			.list();
	}

	/**
	 * Waits for the other units of work of the tenant that changed its endpoints to commit: what they
	 * changed is then read, so two changes at once never leave the outbox's interest short of either.
	 */
	void awaitOtherChanges() {
		jdbc.sql("SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || current_setting('app.tenant_id')))")
			.query()
			.listOfRows();
	}

	boolean delete(UUID id) {
		return jdbc.sql("DELETE FROM webhook_endpoints WHERE id = :id").param("id", id).update() == 1;
	}

	/** A delivery succeeded: the endpoint is no longer failing. */
	void succeeded(UUID id) {
		jdbc.sql("UPDATE webhook_endpoints SET failing_since = NULL WHERE id = :id AND failing_since IS NOT NULL")
			.param("id", id)
			.update();
	}

	/** A delivery failed at {@code now}: since when the endpoint has been failing (this failure, if it was not). */
	Instant failed(UUID id, Instant now) {
		return jdbc.sql("""
				UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, :now)
				WHERE id = :id RETURNING failing_since""")
			.param("id", id)
			.param("now", Timestamp.from(now))
			.query((rs, row) -> rs.getTimestamp(1).toInstant())
			.optional()
			.orElse(now);
	}

	/** Disables an enabled endpoint; false when it was not enabled. */
	boolean disable(UUID id, Instant now, String reason) {
		return jdbc.sql("""
				UPDATE webhook_endpoints SET status = 'disabled', disabled_at = :now, disabled_reason = :reason
				WHERE id = :id AND status = 'enabled'""")
			.param("id", id)
			.param("now", Timestamp.from(now))
			.param("reason", reason)
			.update() == 1;
	}

	/** Enables a disabled endpoint with a clean slate; false when it was not disabled. */
	boolean enable(UUID id) {
		return jdbc.sql("""
				UPDATE webhook_endpoints SET status = 'enabled', disabled_at = NULL, disabled_reason = NULL,
				    failing_since = NULL
				WHERE id = :id AND status = 'disabled'""")
			.param("id", id)
			.update() == 1;
	}

	private static Endpoint map(ResultSet rs, int row) throws SQLException {
		return new Endpoint(rs.getObject(1, UUID.class), rs.getString(2),
				Arrays.asList((String[]) rs.getArray(3).getArray()), rs.getString(4), instant(rs.getTimestamp(5)),
				rs.getString(6), instant(rs.getTimestamp(7)), instant(rs.getTimestamp(8)), rs.getString(9));
	}

	static Instant instant(Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}
}
