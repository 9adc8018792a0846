package outbox.store;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.UUID;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * {@code outbox_events} (one row per event and consumer) and its child table {@code outbox_attempts},
 * on the publish and dispatch paths. Publishing, completing and failing run inside the event tenant's unit of work, so
 * row-level security scopes them; claiming, lease renewal, release, rescue and the gauges look
 * across tenants through the SECURITY DEFINER functions of V60. Writes after a claim are fenced by
 * the claim token and {@code status = 'processing'}: a worker that lost its claim changes nothing.
 */
@Repository
public class OutboxEventRepository {

	private static final RowMapper<ClaimedEvent> CLAIMED = (rs, row) -> new ClaimedEvent(rs.getObject(1, UUID.class),
			rs.getString(2), rs.getString(3), rs.getObject(4, UUID.class), rs.getString(5), rs.getInt(6), rs.getString(7),
			rs.getInt(8), rs.getInt(9), rs.getDouble(10), rs.getString(11));

	private final JdbcClient jdbc;

	public OutboxEventRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Inserts the event, one row per consumer (one statement in the business transaction, no other
	 * row touched, so a tenant's publishing transactions never wait for each other), a
	 * {@code selective} consumer's only when the tenant declared an interest in the type (or in
	 * {@code *}) in {@code outbox_consumer_interests}. A replay of the same (tenant, type, idempotency
	 * key) inserts nothing for a consumer that has its row.
	 *
	 * @return how many rows were new
	 */
	public int insert(String tenantId, String type, List<String> consumers, Set<String> selective, UUID aggregateId,
			String idempotencyKey, String payloadJson, int payloadVersion, int maxAttempts) {
		StringBuilder rows = new StringBuilder();
		for (int i = 0; i < consumers.size(); i++) {
			rows.append(i == 0 ? "" : ", ")
				.append("(CAST(:id").append(i).append(" AS uuid), CAST(:consumer").append(i).append(" AS text), ")
				.append(selective.contains(consumers.get(i))).append(")");
		}
		JdbcClient.StatementSpec insert = jdbc.sql("""
				INSERT INTO outbox_events (id, tenant_id, event_type, consumer, aggregate_id, idempotency_key, payload,
				                           payload_version, max_attempts)
				SELECT c.id, CAST(:tenant AS text), CAST(:type AS text), c.consumer, CAST(:aggregateId AS uuid), CAST(:key AS text),
				       CAST(:payload AS jsonb), CAST(:payloadVersion AS integer), CAST(:maxAttempts AS integer)
				FROM (VALUES %s) AS c (id, consumer, selective)
				WHERE NOT c.selective OR EXISTS (
				    SELECT 1 FROM outbox_consumer_interests i
				    WHERE i.tenant_id = :tenant AND i.consumer = c.consumer AND i.event_type IN (:type, '*'))
				ON CONFLICT (tenant_id, idempotency_key, event_type, consumer) DO NOTHING
				""".formatted(rows))
			.param("tenant", tenantId)
			.param("type", type)
			.param("aggregateId", aggregateId)
			.param("key", idempotencyKey)
			.param("payload", payloadJson)
			.param("payloadVersion", payloadVersion)
			.param("maxAttempts", maxAttempts);
		for (int i = 0; i < consumers.size(); i++) {
			insert = insert.param("id" + i, EventIds.next()).param("consumer" + i, consumers.get(i));
		}
		return insert.update();
	}

	/** One event to insert with {@link #insertAll}: its rows are one per consumer. */
	public record NewEvent(String type, List<String> consumers, Set<String> selective, UUID aggregateId,
			String idempotencyKey, String payloadJson, int payloadVersion, int maxAttempts) {
	}

	/**
	 * Inserts several events in one statement, one row per event and consumer (a selective
	 * consumer's only where the tenant declared an interest), as {@link #insert} does each; how many
	 * rows were new.
	 */
	public int insertAll(String tenantId, List<NewEvent> events) {
		List<Object[]> rows = new java.util.ArrayList<>();
		for (NewEvent event : events) {
			for (String consumer : event.consumers()) {
				rows.add(new Object[] { EventIds.next(), event.type(), consumer, event.aggregateId(), event.idempotencyKey(),
						event.payloadJson(), event.payloadVersion(), event.maxAttempts(),
						event.selective().contains(consumer) });
			}
		}
		if (rows.isEmpty()) {
			return 0;
		}
		return jdbc.sql("""
				INSERT INTO outbox_events (id, tenant_id, event_type, consumer, aggregate_id, idempotency_key, payload,
				                           payload_version, max_attempts)
				SELECT r.id, :tenant, r.type, r.consumer, r.aggregate_id, r.key, CAST(r.payload AS jsonb), r.version, r.attempts
				FROM unnest(CAST(:ids AS uuid[]), CAST(:types AS text[]), CAST(:consumers AS text[]),
				            CAST(:aggregateIds AS uuid[]), CAST(:keys AS text[]), CAST(:payloads AS text[]),
				            CAST(:versions AS integer[]), CAST(:attempts AS integer[]), CAST(:selective AS boolean[]))
				     AS r(id, type, consumer, aggregate_id, key, payload, version, attempts, selective)
				WHERE NOT r.selective OR EXISTS (
				    SELECT 1 FROM outbox_consumer_interests i
				    WHERE i.tenant_id = :tenant AND i.consumer = r.consumer AND i.event_type IN (r.type, '*'))
				ON CONFLICT (tenant_id, idempotency_key, event_type, consumer) DO NOTHING
				""")
			.param("tenant", tenantId)
			.param("ids", new SqlArrayValue("uuid", rows.stream().map(row -> row[0]).toArray()))
			.param("types", new SqlArrayValue("text", rows.stream().map(row -> row[1]).toArray()))
			.param("consumers", new SqlArrayValue("text", rows.stream().map(row -> row[2]).toArray()))
			.param("aggregateIds", new SqlArrayValue("uuid", rows.stream().map(row -> row[3]).toArray()))
			.param("keys", new SqlArrayValue("text", rows.stream().map(row -> row[4]).toArray()))
			.param("payloads", new SqlArrayValue("text", rows.stream().map(row -> row[5]).toArray()))
			.param("versions", new SqlArrayValue("integer", rows.stream().map(row -> row[6]).toArray()))
			.param("attempts", new SqlArrayValue("integer", rows.stream().map(row -> row[7]).toArray()))
			.param("selective", new SqlArrayValue("boolean", rows.stream().map(row -> row[8]).toArray()))
			.update();
	}

	/**
	 * Claims due events across tenants (SECURITY DEFINER {@code outbox_claim_due}, autocommit): a
	 * share of the batch per due tenant, at least one each, oldest due first within a tenant,
	 * skipping rows other workers hold. The batch is {@code limit}, grown (up to four times) so
	 * that every due tenant can take up to {@code group} events.
	 */
	public List<ClaimedEvent> claimDue(UUID token, String workerId, Duration lease, int limit, int group) {
		return jdbc.sql(claim("outbox_claim_due(:token, :worker, make_interval(secs => :leaseSeconds), :limit, :group)"))
			.param("token", token)
			.param("worker", workerId)
			.param("leaseSeconds", seconds(lease))
			.param("limit", limit)
			.param("group", group)
			.query(CLAIMED)
			.list();
	}

	/**
	 * Claims the due events of the named tenants only ({@code outbox_claim_tenants}, autocommit): up
	 * to {@code group} each, oldest due first, skipping rows other workers hold.
	 */
	public List<ClaimedEvent> claimTenants(UUID token, String workerId, Duration lease, Collection<String> tenantIds,
			int group) {
		return jdbc.sql(claim("outbox_claim_tenants(:token, :worker, make_interval(secs => :leaseSeconds), :tenants, :group)"))
			.param("token", token)
			.param("worker", workerId)
			.param("leaseSeconds", seconds(lease))
			.param("tenants", new SqlArrayValue("text", tenantIds.toArray()))
			.param("group", group)
			.query(CLAIMED)
			.list();
	}

	/**
	 * The statement of a claim function's call, its rows as {@link #CLAIMED} reads them. A claim
	 * commits without waiting for its WAL flush ({@code synchronous_commit} off for its own
	 * transaction): a claim lost in a database crash only leaves its events pending, to be
	 * delivered again (at least once), and a durable handler commit
	 * ({@code OUTBOX_DURABLE_HANDLER_COMMITS}) flushes the claim before its own. Waiting would queue
	 * every claim behind the disk's flushes.
	 */
	private static String claim(String call) {
		return """
				SELECT id, tenant_id, event_type, aggregate_id, idempotency_key, payload_version, payload, attempts,
				       max_attempts, age_seconds, consumer
				FROM (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush_wait, %s
				ORDER BY available_at, created_at
				""".formatted(call);
	}

	/** Extends the leases of the given live claims; returns how many events they cover. */
	public int renewLeases(Collection<UUID> tokens, Duration lease) {
		if (tokens.isEmpty()) {
			return 0;
		}
		return jdbc.sql("SELECT outbox_renew_leases(:tokens, make_interval(secs => :leaseSeconds))")
			.param("tokens", new SqlArrayValue("uuid", tokens.toArray()))
			.param("leaseSeconds", seconds(lease))
			.query(Integer.class)
			.single();
	}

	/** Hands back claimed events that were not attempted; returns how many were still ours. */
	public int release(UUID token, Collection<UUID> ids) {
		if (ids.isEmpty()) {
			return 0;
		}
		return jdbc.sql("SELECT outbox_release(:token, :ids)")
			.param("token", token)
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.query(Integer.class)
			.single();
	}

	/**
	 * Puts events whose lease expired (in any tenant) back to pending, or into the dead letters
	 * when their attempts are used up, and records the lost attempt.
	 */
	public List<RescuedEvent> rescueExpired(int limit) {
		return jdbc.sql("""
				SELECT id, tenant_id, event_type, dead_lettered, aggregate_id, idempotency_key, payload_version, payload,
				       attempts, max_attempts, last_error, consumer
				FROM outbox_rescue_expired(:limit)""")
			.param("limit", limit)
			.query((rs, row) -> new RescuedEvent(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
					rs.getBoolean(4), rs.getObject(5, UUID.class), rs.getString(6), rs.getInt(7), rs.getString(8), rs.getInt(9),
					rs.getInt(10), rs.getString(11), rs.getString(12)))
			.list();
	}

	/**
	 * Marks claimed events delivered, in the handlers' own transaction (tenant unit of work), and
	 * records the attempt in the history of those that follow failures or a re-drive.
	 *
	 * @return how many were still ours (fewer than given: the caller must roll back)
	 */
	public int completeDelivered(List<UUID> ids, UUID token, long durationMillis, String workerId) {
		return jdbc.sql("""
				WITH delivered AS (
				    UPDATE outbox_events
				    SET status = 'delivered', delivered_at = now(), claim_token = NULL, lease_until = NULL
				    WHERE id = ANY(:ids) AND claim_token = :token AND status = 'processing'
				    RETURNING id, tenant_id, redrives, attempts
				), history AS (
				    INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, duration_ms, worker_id)
				    SELECT tenant_id, id, redrives, attempts, 'succeeded', :duration, :worker
				    FROM delivered WHERE attempts > 1 OR redrives > 0
				)
				SELECT count(*)::integer FROM delivered
				""")
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.param("token", token)
			.param("duration", durationMillis)
			.param("worker", workerId)
			.query(Integer.class)
			.single();
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

	/**
	 * Seconds until the next pending event of any tenant is due (zero or negative: due now, but
	 * every due row was locked); empty when nothing is pending.
	 */
	public OptionalDouble secondsUntilDue() {
		return jdbc.sql("SELECT outbox_seconds_until_due()").query(rs -> {
			rs.next();
			double seconds = rs.getDouble(1);
			return rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(seconds);
		});
	}

	/** Claims of all tenants whose lease passed without a rescue yet (the {@code outbox_stuck} gauge). */
	public long stuckTotal() {
		return jdbc.sql("SELECT outbox_stuck_total()").query(Long.class).single();
	}

	/** Pending, failed and stuck events of all tenants (SECURITY DEFINER; the {@code outbox_backlog} gauge). */
	public long backlogTotal() {
		return jdbc.sql("SELECT outbox_backlog_total()").query(Long.class).single();
	}

	/**
	 * Deletes up to {@code limit} delivered or discarded events (of all tenants; SECURITY DEFINER)
	 * that finished before {@code before}, scanning ids after {@code after} and below
	 * {@code maxId} (the UUIDv7 floor of {@code before}). Runs in its own short transaction.
	 */
	public Purge purgeFinished(Instant before, UUID after, UUID maxId, int limit) {
		return jdbc.sql("SELECT deleted, scanned_to FROM outbox_purge_finished(:before, :after, :maxId, :limit)")
			.param("before", OffsetDateTime.ofInstant(before, ZoneOffset.UTC))
			.param("after", after)
			.param("maxId", maxId)
			.param("limit", limit)
			.query((rs, row) -> new Purge(rs.getInt(1), Optional.ofNullable(rs.getObject(2, UUID.class))))
			.single();
	}

	/** One retention batch: rows deleted, and where the next batch starts (empty: the scan is done). */
	public record Purge(int deleted, Optional<UUID> resumeAfter) {
	}

	private static double seconds(Duration duration) {
		return duration.toNanos() / 1e9;
	}
}
