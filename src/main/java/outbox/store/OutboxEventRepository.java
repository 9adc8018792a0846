package outbox.store;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
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
	 * Extends the lease of the events still claimed under {@code token} (the heartbeat of a running
	 * batch). Only {@code lease_until} changes, which no index covers, so the update is HOT.
	 *
	 * @return how many events were still ours
	 */
	public int renewLeases(UUID token, Duration lease) {
		// SKIP LOCKED: a row locked right now is being completed (by its handler transaction) or
		// rescued, and needs no renewal; waiting for it would put the heartbeat into that
		// transaction's lock queue while holding the locks of the rows it renewed before
		return jdbc.sql("""
				UPDATE outbox_events e SET lease_until = now() + make_interval(secs => :leaseSeconds)
				FROM (SELECT id FROM outbox_events
				      WHERE claim_token = :token AND status = 'processing'
				      FOR UPDATE SKIP LOCKED) mine
				WHERE e.id = mine.id
				""")
			.param("leaseSeconds", seconds(lease))
			.param("token", token)
			.update();
	}

	/**
	 * Marks one claimed event delivered and records the successful attempt, fenced by the claim
	 * token: run in the handler's own transaction, so the handler's writes commit with it or not at
	 * all. With {@code synchronousCommit} false the transaction commits without waiting for its WAL
	 * flush (one flush per event would bound the whole dispatch rate); a crash then loses at most the
	 * last moments of completions together with their handlers' writes, and the rescue delivers
	 * those events again.
	 *
	 * @return false when the claim was lost (the lease was taken over): the caller must roll back
	 */
	public boolean completeDelivered(UUID id, UUID token, long durationMillis, String workerId, boolean synchronousCommit) {
		return jdbc.sql("""
				WITH durability AS (
				    SELECT set_config('synchronous_commit', :synchronousCommit, true)
				), done AS (
				    UPDATE outbox_events e
				    SET status = 'delivered', delivered_at = now(), claim_token = NULL, lease_until = NULL
				    WHERE e.id = :id AND e.claim_token = :token AND e.status = 'processing'
				    RETURNING e.id, e.tenant_id, e.redrives, e.attempts
				)
				INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, duration_ms, worker_id)
				SELECT done.tenant_id, done.id, done.redrives, done.attempts, 'delivered', :duration, :worker
				FROM done CROSS JOIN durability
				""")
			.param("synchronousCommit", synchronousCommit ? "on" : "off")
			.param("id", id)
			.param("token", token)
			.param("duration", durationMillis)
			.param("worker", workerId)
			.update() == 1;
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

	/** Hands one claimed event back uncounted, due again after {@code delay}. */
	public boolean defer(UUID id, UUID token, Duration delay) {
		return jdbc.sql("""
				UPDATE outbox_events
				SET status = 'pending', attempts = attempts - 1, claim_token = NULL, lease_until = NULL,
				    available_at = now() + make_interval(secs => :delaySeconds)
				WHERE id = :id AND claim_token = :token AND status = 'processing'
				""")
			.param("delaySeconds", seconds(delay))
			.param("id", id)
			.param("token", token)
			.update() == 1;
	}

	/**
	 * Hands back every event still claimed under {@code token}, uncounted: used for the claims of a
	 * round that a database error cut short, once the database answers again (their handler
	 * transactions, if any, were rolled back with the connection).
	 */
	public int releaseClaim(UUID token) {
		return jdbc.sql("""
				UPDATE outbox_events
				SET status = 'pending', attempts = greatest(attempts - 1, 0), claim_token = NULL, lease_until = NULL
				WHERE claim_token = :token AND status = 'processing'
				""")
			.param("token", token)
			.update();
	}

	/**
	 * The rescue pass across all tenants (SECURITY DEFINER, autocommit): events whose lease expired
	 * go back to pending or into the dead letters, with the lost attempt in their history.
	 */
	public List<RescuedEvent> rescueExpired(int limit) {
		return jdbc.sql("SELECT event_id, tenant_id, event_type, dead_lettered FROM outbox_rescue_expired(:limit)")
			.param("limit", limit)
			.query((rs, row) -> new RescuedEvent(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
					rs.getBoolean(4)))
			.list();
	}

	/** Events of all tenants still processing after their lease ran out (the {@code outbox_stuck} gauge). */
	public long stuckTotal() {
		return jdbc.sql("SELECT outbox_stuck_total()").query(Long.class).single();
	}

	/** Pending, failed and stuck events of all tenants (SECURITY DEFINER; the {@code outbox_backlog} gauge). */
	public long backlogTotal() {
		return jdbc.sql("SELECT outbox_backlog_total()").query(Long.class).single();
	}

	/**
	 * Looks at the next {@code limit} events after {@code after} in id order (below {@code maxId},
	 * the UUIDv7 floor of {@code before}; of all tenants, SECURITY DEFINER) and deletes the delivered
	 * or discarded ones among them that finished before {@code before}. Runs in its own short
	 * transaction; the next call continues after {@link PurgeBatch#lastId()}.
	 */
	public PurgeBatch purgeFinished(Instant before, UUID after, UUID maxId, int limit) {
		return jdbc.sql("SELECT deleted, last_id FROM outbox_purge_finished_after(:before, :after, :maxId, :limit)")
			.param("before", OffsetDateTime.ofInstant(before, ZoneOffset.UTC))
			.param("after", after)
			.param("maxId", maxId)
			.param("limit", limit)
			.query((rs, row) -> new PurgeBatch(rs.getInt(1), rs.getObject(2, UUID.class)))
			.single();
	}

	/** One retention step: how many events it deleted and the last id it looked at (null: the range is done). */
	public record PurgeBatch(int deleted, UUID lastId) {
	}

	private static double seconds(Duration duration) {
		return duration.toNanos() / 1e9;
	}
}
