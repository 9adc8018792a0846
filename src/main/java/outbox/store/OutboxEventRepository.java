package outbox.store;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * {@code outbox_events} and its child table {@code outbox_attempts}, on the publish and dispatch
 * paths. Every method runs inside a tenant unit of work, so row-level security scopes it to that
 * tenant. Writes after a claim are fenced by the claim token and {@code status = 'processing'}: a
 * worker that lost its lease changes nothing.
 */
@Repository
public class OutboxEventRepository {

	private final JdbcClient jdbc;

	public OutboxEventRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Inserts the event and wakes the tenant's dispatch-queue row in one statement (one round trip
	 * in the business transaction). A replay of the same (tenant, type, idempotency key) inserts
	 * nothing and wakes nothing.
	 *
	 * @return whether the event was new
	 */
	public boolean insert(String tenantId, UUID id, String type, UUID aggregateId, String idempotencyKey,
			String payloadJson, int payloadVersion, int maxAttempts) {
		return !jdbc.sql("""
				WITH ev AS (
				    INSERT INTO outbox_events (id, tenant_id, event_type, aggregate_id, idempotency_key, payload,
				                               payload_version, max_attempts)
				    VALUES (:id, :tenant, :type, :aggregateId, :key, CAST(:payload AS jsonb), :payloadVersion, :maxAttempts)
				    ON CONFLICT (tenant_id, idempotency_key, event_type) DO NOTHING
				    RETURNING tenant_id
				)
				SELECT outbox_enqueue_tenant(ev.tenant_id)::text FROM ev
				""")
			.param("id", id)
			.param("tenant", tenantId)
			.param("type", type)
			.param("aggregateId", aggregateId)
			.param("key", idempotencyKey)
			.param("payload", payloadJson)
			.param("payloadVersion", payloadVersion)
			.param("maxAttempts", maxAttempts)
			.query((rs, row) -> row)
			.list()
			.isEmpty();
	}

	/** Claims up to {@code limit} of the tenant's due events, oldest due first, skipping rows another worker holds. */
	public List<ClaimedEvent> claim(String tenantId, UUID token, String workerId, Duration lease, int limit) {
		return jdbc.sql("""
				WITH claimed AS (
				    UPDATE outbox_events e
				    SET status = 'processing', claim_token = :token, claimed_by = :worker,
				        lease_until = now() + make_interval(secs => :leaseSeconds), attempts = e.attempts + 1
				    FROM (SELECT id FROM outbox_events
				          WHERE tenant_id = :tenant AND status = 'pending' AND available_at <= now()
				          ORDER BY available_at, created_at
				          LIMIT :limit
				          FOR UPDATE SKIP LOCKED) due
				    WHERE e.id = due.id
				    RETURNING e.id, e.event_type, e.aggregate_id, e.idempotency_key, e.payload_version, e.payload::text AS payload,
				              e.attempts, e.max_attempts, extract(epoch FROM clock_timestamp() - e.created_at)::float8 AS age,
				              e.available_at, e.created_at
				)
				SELECT id, event_type, aggregate_id, idempotency_key, payload_version, payload, attempts, max_attempts, age
				FROM claimed ORDER BY available_at, created_at
				""")
			.param("token", token)
			.param("worker", workerId)
			.param("leaseSeconds", seconds(lease))
			.param("tenant", tenantId)
			.param("limit", limit)
			.query((rs, row) -> new ClaimedEvent(rs.getObject(1, UUID.class), rs.getString(2), rs.getObject(3, UUID.class),
					rs.getString(4), rs.getInt(5), rs.getString(6), rs.getInt(7), rs.getInt(8), rs.getDouble(9)))
			.list();
	}

	/**
	 * Puts the tenant's events whose lease expired back to pending (or into the dead letters when
	 * their attempts are used up) and records the lost attempt.
	 */
	public List<RescuedEvent> rescueExpired(String tenantId) {
		return jdbc.sql("""
				WITH expired AS (
				    UPDATE outbox_events e
				    SET status = CASE WHEN e.attempts >= e.max_attempts THEN 'failed' ELSE 'pending' END,
				        failed_at = CASE WHEN e.attempts >= e.max_attempts THEN now() END,
				        available_at = now(), claim_token = NULL, lease_until = NULL,
				        last_error_class = 'outbox.LeaseExpired',
				        last_error = 'The worker holding the lease did not complete the attempt in time'
				    WHERE e.tenant_id = :tenant AND e.status = 'processing' AND e.lease_until < now()
				    RETURNING e.id, e.tenant_id, e.event_type, e.status, e.attempts, e.redrives, e.claimed_by,
				              e.last_error_class, e.last_error, e.aggregate_id, e.idempotency_key, e.payload_version,
				              e.payload::text AS payload, e.max_attempts
				), history AS (
				    INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class, error_message, worker_id)
				    SELECT tenant_id, id, redrives, attempts,
				           CASE WHEN status = 'failed' THEN 'dead_lettered' ELSE 'retried' END,
				           last_error_class, last_error, claimed_by
				    FROM expired
				)
				SELECT id, event_type, status = 'failed', aggregate_id, idempotency_key, payload_version, payload, attempts,
				       max_attempts, last_error
				FROM expired
				""")
			.param("tenant", tenantId)
			.query((rs, row) -> new RescuedEvent(rs.getObject(1, UUID.class), rs.getString(2), rs.getBoolean(3),
					rs.getObject(4, UUID.class), rs.getString(5), rs.getInt(6), rs.getString(7), rs.getInt(8), rs.getInt(9),
					rs.getString(10)))
			.list();
	}

	/** Marks the claimed events delivered; returns those that were still ours (the rest are stale). */
	public Set<UUID> completeDelivered(UUID token, List<UUID> ids) {
		if (ids.isEmpty()) {
			return Set.of();
		}
		return new HashSet<>(jdbc.sql("""
				UPDATE outbox_events
				SET status = 'delivered', delivered_at = now(), claim_token = NULL, lease_until = NULL
				WHERE id = ANY(:ids) AND claim_token = :token AND status = 'processing'
				RETURNING id
				""")
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.param("token", token)
			.query(UUID.class)
			.list());
	}

	/** Records a failed attempt and schedules a retry or dead-letters the event; false when the claim was stale. */
	public boolean recordFailure(UUID id, UUID token, FailedAttempt failure) {
		return jdbc.sql("""
				WITH failed AS (
				    UPDATE outbox_events e
				    SET status = CASE WHEN :dead THEN 'failed' ELSE 'pending' END,
				        failed_at = CASE WHEN :dead THEN now() END,
				        available_at = now() + make_interval(secs => :delaySeconds),
				        claim_token = NULL, lease_until = NULL,
				        last_error_class = :errorClass, last_error = :errorMessage
				    WHERE e.id = :id AND e.claim_token = :token AND e.status = 'processing'
				    RETURNING e.id, e.tenant_id, e.redrives, e.attempts
				)
				INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class, error_message,
				                             error_stack, duration_ms, worker_id)
				SELECT tenant_id, id, redrives, attempts, CASE WHEN :dead THEN 'dead_lettered' ELSE 'retried' END,
				       :errorClass, :errorMessage, :errorStack, :duration, :worker
				FROM failed
				""")
			.param("id", id)
			.param("token", token)
			.param("dead", failure.deadLetter())
			.param("delaySeconds", seconds(failure.retryDelay()))
			.param("errorClass", failure.errorClass())
			.param("errorMessage", failure.errorMessage())
			.param("errorStack", failure.errorStack())
			.param("duration", failure.durationMillis())
			.param("worker", failure.workerId())
			.update() == 1;
	}

	/** Hands back claimed events that were never started (shutdown, or the lease would not cover them). */
	public int releaseUnstarted(UUID token, List<UUID> ids) {
		if (ids.isEmpty()) {
			return 0;
		}
		return jdbc.sql("""
				UPDATE outbox_events
				SET status = 'pending', attempts = attempts - 1, claim_token = NULL, lease_until = NULL
				WHERE id = ANY(:ids) AND claim_token = :token AND status = 'processing'
				""")
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.param("token", token)
			.update();
	}

	/** Pending + failed events of all tenants (SECURITY DEFINER; the {@code outbox_backlog} gauge). */
	public long backlogTotal() {
		return jdbc.sql("SELECT outbox_backlog_total()").query(Long.class).single();
	}

	/**
	 * Deletes up to {@code limit} delivered or discarded events (of all tenants; SECURITY DEFINER)
	 * that finished before {@code before}; {@code maxId} is the UUIDv7 floor of {@code before}.
	 * Runs in its own short transaction.
	 */
	public int purgeFinished(Instant before, UUID maxId, int limit) {
		return jdbc.sql("SELECT outbox_purge_finished(:before, :maxId, :limit)")
			.param("before", OffsetDateTime.ofInstant(before, ZoneOffset.UTC))
			.param("maxId", maxId)
			.param("limit", limit)
			.query(Integer.class)
			.single();
	}

	private static double seconds(Duration duration) {
		return duration.toNanos() / 1e9;
	}
}
