package notifications.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code webhook_deliveries} table. Call inside a tenant unit of work (RLS), except {@link #dueTenants}. */
@Repository
class DeliveryRepository {

	private final JdbcClient jdbc;

	DeliveryRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Adds the delivery of message {@code messageId} to the endpoint unless it has it already; true when added. */
	boolean add(UUID endpointId, String messageId, String eventType, String payload, Instant now) {
		return jdbc.sql("""
				INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, message_id, event_type, payload, status,
				    next_attempt_at, created_at)
				VALUES (:id, current_setting('app.tenant_id'), :endpoint, :message, :type, :payload, 'pending', :now, :now)
				ON CONFLICT (endpoint_id, message_id) DO NOTHING""")
			.param("id", UUID.randomUUID())
			.param("endpoint", endpointId)
			.param("message", messageId)
			.param("type", eventType)
			.param("payload", payload)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	List<String> dueTenants(Instant now) {
		return jdbc.sql("SELECT webhooks_tenants_with_due_deliveries(:now)")
			.param("now", Timestamp.from(now))
			.query(String.class)
			.list();
	}

	/** Hands expired leases back: their sender died or overran; the attempt counts. */
	int rescue(Instant now) {
		return jdbc.sql("""
				UPDATE webhook_deliveries SET status = 'pending', claim_token = NULL, lease_until = NULL,
				    next_attempt_at = :now, last_error = 'The sender holding the lease stopped before the attempt completed'
				WHERE status = 'sending' AND lease_until < :now""")
			.param("now", Timestamp.from(now))
			.update();
	}

	/** Claims up to {@code limit} due deliveries of enabled endpoints, oldest first, for {@code token}. */
	List<ClaimedDelivery> claim(UUID token, Instant now, Instant leaseUntil, int limit) {
		return jdbc.sql("""
				UPDATE webhook_deliveries d
				SET status = 'sending', claim_token = :token, lease_until = :leaseUntil, attempts = d.attempts + 1,
				    first_attempt_at = coalesce(d.first_attempt_at, :now)
				FROM webhook_endpoints e
				WHERE e.id = d.endpoint_id AND d.id = ANY(ARRAY(
				    SELECT c.id FROM webhook_deliveries c JOIN webhook_endpoints ce ON ce.id = c.endpoint_id
				    WHERE c.status = 'pending' AND c.next_attempt_at <= :now AND ce.status = 'enabled'
				    ORDER BY c.position
				    LIMIT :limit
				    FOR UPDATE OF c SKIP LOCKED))
				RETURNING d.id, d.tenant_id, d.endpoint_id, e.url, e.secret_sealed, d.message_id, d.payload, d.attempts,
				    d.first_attempt_at""")
			.param("token", token)
			.param("now", Timestamp.from(now))
			.param("leaseUntil", Timestamp.from(leaseUntil))
			.param("limit", limit)
			.query((rs, row) -> new ClaimedDelivery(rs.getObject(1, UUID.class), rs.getString(2),
					rs.getObject(3, UUID.class), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7),
					rs.getInt(8), rs.getTimestamp(9).toInstant(), token))
			.list();
	}

	/** Records an attempt: delivered, pending again at {@code next}, or failed when null; false when the claim was lost. */
	boolean settle(ClaimedDelivery delivery, DeliveryAttempt attempt, Instant next, Instant now) {
		return jdbc.sql("""
				UPDATE webhook_deliveries
				SET status = CASE WHEN :ok THEN 'delivered' WHEN CAST(:next AS timestamptz) IS NULL THEN 'failed'
				                  ELSE 'pending' END,
				    next_attempt_at = CASE WHEN :ok THEN NULL ELSE CAST(:next AS timestamptz) END,
				    delivered_at = CASE WHEN :ok THEN CAST(:now AS timestamptz) ELSE delivered_at END,
				    last_attempt_at = :now, response_code = :code, duration_ms = :duration, last_error = :error,
				    claim_token = NULL, lease_until = NULL
				WHERE id = :id AND claim_token = :token AND status = 'sending'""")
			.param("id", delivery.id())
			.param("token", delivery.token())
			.param("ok", attempt.succeeded())
			.param("next", next == null ? null : Timestamp.from(next))
			.param("now", Timestamp.from(now))
			.param("code", attempt.responseCode())
			.param("duration", attempt.durationMs())
			.param("error", attempt.error())
			.update() == 1;
	}

	/** The endpoint's pending deliveries failed with {@code reason} (it was disabled); how many. */
	int failPending(UUID endpointId, String reason) {
		return jdbc.sql("""
				UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = :reason
				WHERE endpoint_id = :endpoint AND status = 'pending'""")
			.param("endpoint", endpointId)
			.param("reason", reason)
			.update();
	}

	/** A delivered or failed delivery pending again now with a fresh retry budget; false unless it was one. */
	boolean redeliver(UUID endpointId, UUID id, Instant now) {
		return jdbc.sql("""
				UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = :now, first_attempt_at = NULL
				WHERE id = :id AND endpoint_id = :endpoint AND status IN ('delivered', 'failed')""")
			.param("id", id)
			.param("endpoint", endpointId)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	/** The endpoint's newest {@code limit} deliveries. */
	List<DeliveryLogEntry> list(UUID endpointId, int limit) {
		return jdbc.sql("""
				SELECT id, message_id, event_type, status, attempts, response_code, duration_ms, last_error,
				    last_attempt_at, next_attempt_at, created_at, delivered_at
				FROM webhook_deliveries WHERE endpoint_id = :endpoint
				ORDER BY position DESC LIMIT :limit""")
			.param("endpoint", endpointId)
			.param("limit", limit)
			.query(DeliveryRepository::map)
			.list();
	}

	private static DeliveryLogEntry map(ResultSet rs, int row) throws SQLException {
		return new DeliveryLogEntry(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
				rs.getInt(5), (Integer) rs.getObject(6), (Long) rs.getObject(7), rs.getString(8),
				EndpointRepository.instant(rs.getTimestamp(9)), EndpointRepository.instant(rs.getTimestamp(10)),
				EndpointRepository.instant(rs.getTimestamp(11)), EndpointRepository.instant(rs.getTimestamp(12)));
	}
}
