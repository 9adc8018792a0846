package outbox.admin;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import outbox.dispatch.Outcome;
import outbox.store.EventIds;
import platform.LowerCaseName;

/**
 * The admin side of {@code outbox_events} and {@code outbox_attempts}: backlog, search, dead
 * letters and their re-drive or discard (the dispatch side is {@code OutboxEventRepository}).
 * Every method runs in the admin's tenant unit of work, so row-level security scopes it; another
 * tenant's event simply does not exist here.
 */
@Repository
class EventAdminRepository {

	private static final String DEAD_LETTER_FILTER = """
			status = 'failed'
			AND (CAST(:eventType AS text) IS NULL OR event_type = :eventType)
			AND (CAST(:errorClass AS text) IS NULL OR last_error_class = :errorClass)
			AND (CAST(:consumer AS text) IS NULL OR consumer = :consumer)""";

	private final JdbcClient jdbc;

	private final Clock clock;

	EventAdminRepository(JdbcClient jdbc, Clock clock) {
		this.jdbc = jdbc;
		this.clock = clock;
	}

	Backlog backlog() {
		Map<List<String>, long[]> byType = new LinkedHashMap<>();
		Double[] oldestSeconds = new Double[1];
		jdbc.sql("""
				SELECT event_type, consumer,
				       count(*) FILTER (WHERE status = 'pending'),
				       count(*) FILTER (WHERE status = 'processing'),
				       count(*) FILTER (WHERE status = 'failed'),
				       extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending'))::float8,
				       count(*) FILTER (WHERE status = 'processing' AND lease_until < now())
				FROM outbox_events
				WHERE status IN ('pending', 'processing', 'failed')
				GROUP BY event_type, consumer ORDER BY event_type, consumer""")
			.query((ResultSet rs) -> {
				byType.put(List.of(rs.getString(1), rs.getString(2)),
						new long[] { rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(7) });
				double typeOldest = rs.getDouble(6);
				if (!rs.wasNull() && (oldestSeconds[0] == null || typeOldest > oldestSeconds[0])) {
					oldestSeconds[0] = typeOldest;
				}
			});
		// Throughput without an index on delivered_at: the events published in the last minute
		// (a range of the time-ordered primary key) that are already delivered.
		long deliveredLastMinute = jdbc.sql("""
				SELECT count(*) FROM outbox_events WHERE id >= :floor AND status = 'delivered'""")
			.param("floor", EventIds.floor(clock.instant().minusSeconds(60)))
			.query(Long.class)
			.single();
		long pending = byType.values().stream().mapToLong(counts -> counts[0]).sum();
		long processing = byType.values().stream().mapToLong(counts -> counts[1]).sum();
		long failed = byType.values().stream().mapToLong(counts -> counts[2]).sum();
		long stuck = byType.values().stream().mapToLong(counts -> counts[3]).sum();
		List<Backlog.TypeBacklog> types = byType.entrySet().stream()
			.map(entry -> new Backlog.TypeBacklog(entry.getKey().get(0), entry.getKey().get(1), entry.getValue()[0],
					entry.getValue()[2]))
			.toList();
		return new Backlog(pending, processing, stuck, failed, oldestSeconds[0], deliveredLastMinute, types);
	}

	List<DeadLetter> deadLetters(DeadLetterFilter filter, OffsetDateTime afterFailedAt, UUID afterId, int limit) {
		return jdbc.sql("""
				SELECT id, event_type, consumer, aggregate_id, attempts, last_error_class, last_error, failed_at
				FROM outbox_events
				WHERE %s
				  AND (CAST(:afterFailedAt AS timestamptz) IS NULL OR (failed_at, id) < (:afterFailedAt, :afterId))
				ORDER BY failed_at DESC, id DESC
				LIMIT :limit""".formatted(DEAD_LETTER_FILTER))
			.param("eventType", filter.eventType())
			.param("errorClass", filter.errorClass())
			.param("consumer", filter.consumer())
			.param("afterFailedAt", afterFailedAt)
			.param("afterId", afterId)
			.param("limit", limit)
			.query((rs, row) -> new DeadLetter(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
					rs.getObject(4, UUID.class), rs.getInt(5), rs.getString(6), rs.getString(7),
					rs.getObject(8, OffsetDateTime.class)))
			.list();
	}

	long countDeadLetters(DeadLetterFilter filter) {
		return jdbc.sql("SELECT count(*) FROM outbox_events WHERE " + DEAD_LETTER_FILTER)
			.param("eventType", filter.eventType())
			.param("errorClass", filter.errorClass())
			.param("consumer", filter.consumer())
			.query(Long.class)
			.single();
	}

	/** The distinct error classes of the tenant's dead letters (for the filter form). */
	List<String> deadLetterErrorClasses() {
		return jdbc.sql("""
				SELECT DISTINCT last_error_class FROM outbox_events
				WHERE status = 'failed' AND last_error_class IS NOT NULL ORDER BY 1""")
			.query(String.class)
			.list();
	}

	List<EventSummary> search(EventQuery query, UUID afterId, int limit) {
		return jdbc.sql("""
				SELECT id, event_type, consumer, aggregate_id, idempotency_key, status, attempts, max_attempts,
				       last_error_class, last_error, created_at, delivered_at, failed_at
				FROM outbox_events
				WHERE (CAST(:aggregateId AS uuid) IS NULL OR aggregate_id = :aggregateId)
				  AND (CAST(:key AS text) IS NULL OR idempotency_key = :key)
				  AND (CAST(:eventType AS text) IS NULL OR event_type = :eventType)
				  AND (CAST(:status AS text) IS NULL OR status = :status)
				  AND (CAST(:consumer AS text) IS NULL OR consumer = :consumer)
				  AND (CAST(:afterId AS uuid) IS NULL OR id < :afterId)
				ORDER BY id DESC
				LIMIT :limit""")
			.param("aggregateId", query.aggregateId())
			.param("key", query.idempotencyKey())
			.param("eventType", query.eventType())
			.param("status", LowerCaseName.valueOf(query.status()))
			.param("consumer", query.consumer())
			.param("afterId", afterId)
			.param("limit", limit)
			.query((rs, row) -> new EventSummary(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
					rs.getObject(4, UUID.class), rs.getString(5), EventStatus.of(rs.getString(6)), rs.getInt(7), rs.getInt(8),
					rs.getString(9), rs.getString(10), rs.getObject(11, OffsetDateTime.class),
					rs.getObject(12, OffsetDateTime.class), rs.getObject(13, OffsetDateTime.class)))
			.list();
	}

	/** The event with its payload as JSON text. */
	Optional<StoredEvent> find(UUID id) {
		return jdbc.sql("""
				SELECT id, event_type, aggregate_id, idempotency_key, status, attempts, max_attempts, redrives,
				       last_error_class, last_error, claimed_by, created_at, available_at, delivered_at, failed_at,
				       discarded_at, payload_version, payload::text, consumer
				FROM outbox_events WHERE id = :id""")
			.param("id", id)
			.query((rs, row) -> new StoredEvent(rs.getObject(1, UUID.class), rs.getString(2), rs.getObject(3, UUID.class),
					rs.getString(4), EventStatus.of(rs.getString(5)), rs.getInt(6), rs.getInt(7), rs.getInt(8), rs.getString(9),
					rs.getString(10), rs.getString(11), rs.getObject(12, OffsetDateTime.class),
					rs.getObject(13, OffsetDateTime.class), rs.getObject(14, OffsetDateTime.class),
					rs.getObject(15, OffsetDateTime.class), rs.getObject(16, OffsetDateTime.class), rs.getInt(17),
					rs.getString(18), rs.getString(19)))
			.optional();
	}

	/** The failed attempts of an event, oldest first. */
	List<Attempt> attempts(UUID eventId) {
		return jdbc.sql("""
				SELECT redrive, attempt, outcome, error_class, error_message, error_stack, duration_ms, worker_id, attempted_at
				FROM outbox_attempts WHERE event_id = :id ORDER BY id""")
			.param("id", eventId)
			.query((rs, row) -> attempt(rs))
			.list();
	}

	private static Attempt attempt(ResultSet rs) throws SQLException {
		return new Attempt(rs.getInt(1), rs.getInt(2), Outcome.of(rs.getString(3)), rs.getString(4), rs.getString(5), rs.getString(6),
				rs.getObject(7, Long.class), rs.getString(8), rs.getObject(9, OffsetDateTime.class));
	}

	/** Re-drives dead letters: pending now, a fresh attempt budget, history kept. */
	int retry(UUID id, DeadLetterFilter filter) {
		return jdbc.sql("""
				UPDATE outbox_events
				SET status = 'pending', attempts = 0, redrives = redrives + 1, available_at = now(), failed_at = NULL,
				    claim_token = NULL, lease_until = NULL
				WHERE %s AND (CAST(:id AS uuid) IS NULL OR id = :id)""".formatted(DEAD_LETTER_FILTER))
			.param("id", id)
			.param("eventType", filter.eventType())
			.param("errorClass", filter.errorClass())
			.param("consumer", filter.consumer())
			.update();
	}

	/** Discards dead letters; they stay searchable until retention removes them. */
	int discard(UUID id, DeadLetterFilter filter) {
		return jdbc.sql("""
				UPDATE outbox_events SET status = 'discarded', discarded_at = now()
				WHERE %s AND (CAST(:id AS uuid) IS NULL OR id = :id)""".formatted(DEAD_LETTER_FILTER))
			.param("id", id)
			.param("eventType", filter.eventType())
			.param("errorClass", filter.errorClass())
			.param("consumer", filter.consumer())
			.update();
	}

	/** An event row (for one consumer) as stored; the service turns the payload into JSON. */
	record StoredEvent(UUID id, String eventType, UUID aggregateId, String idempotencyKey, EventStatus status, int attempts,
			int maxAttempts, int redrives, String lastErrorClass, String lastError, String claimedBy,
			OffsetDateTime createdAt, OffsetDateTime availableAt, OffsetDateTime deliveredAt, OffsetDateTime failedAt,
			OffsetDateTime discardedAt, int payloadVersion, String payloadJson, String consumer) {
	}
}
