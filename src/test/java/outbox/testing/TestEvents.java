package outbox.testing;

import java.util.List;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.CatalogEvent;
import platform.TenantTransactions;

/** Publishes test events and reads their state back, always inside the event's tenant. */
public final class TestEvents {

	/** One row of the attempt history. */
	public record AttemptRow(int redrive, int attempt, String outcome, String errorClass, String errorMessage,
			String errorStack, Long durationMs, String workerId) {
	}

	/** The delivery state of an event. */
	public record State(UUID id, String status, int attempts, String lastErrorClass, String claimedBy) {
	}

	private final TenantTransactions transactions;
	private final OutboxPublisher publisher;
	private final JdbcClient jdbc;

	public TestEvents(TenantTransactions transactions, OutboxPublisher publisher, JdbcClient jdbc) {
		this.transactions = transactions;
		this.publisher = publisher;
		this.jdbc = jdbc;
	}

	public static String newTenant(String prefix) {
		return prefix + "-" + UUID.randomUUID();
	}

	/** Publishes a sample event of catalog type {@code type} under idempotency key {@code key}. */
	public void publish(String tenant, String type, String key) {
		publish(tenant, SampleEvents.of(type), PublishOptions.idempotencyKey(key));
	}

	public void publish(String tenant, CatalogEvent event, PublishOptions options) {
		transactions.runInTenant(tenant, () -> publisher.publish(event, options));
	}

	/** Publishes sample events of catalog type {@code type} under the given keys in one transaction. */
	public void publishAll(String tenant, String type, String... keys) {
		transactions.runInTenant(tenant, () -> List.of(keys)
			.forEach(key -> publisher.publish(SampleEvents.of(type), PublishOptions.idempotencyKey(key))));
	}

	public State state(String tenant, String key) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT id, status, attempts, last_error_class, claimed_by FROM outbox_events WHERE idempotency_key = :key""")
			.param("key", key)
			.query((rs, row) -> new State(rs.getObject(1, UUID.class), rs.getString(2), rs.getInt(3), rs.getString(4),
					rs.getString(5)))
			.single());
	}

	/** The row of one consumer of the event under {@code key}. */
	public State state(String tenant, String key, String consumer) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT id, status, attempts, last_error_class, claimed_by FROM outbox_events
				WHERE idempotency_key = :key AND consumer = :consumer""")
			.param("key", key)
			.param("consumer", consumer)
			.query((rs, row) -> new State(rs.getObject(1, UUID.class), rs.getString(2), rs.getInt(3), rs.getString(4),
					rs.getString(5)))
			.single());
	}

	public String status(String tenant, String key) {
		return state(tenant, key).status();
	}

	public List<AttemptRow> history(String tenant, String key) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT a.redrive, a.attempt, a.outcome, a.error_class, a.error_message, a.error_stack, a.duration_ms, a.worker_id
				FROM outbox_attempts a JOIN outbox_events e ON e.id = a.event_id
				WHERE e.idempotency_key = :key ORDER BY a.id""")
			.param("key", key)
			.query((rs, row) -> new AttemptRow(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4),
					rs.getString(5), rs.getString(6), rs.getObject(7, Long.class), rs.getString(8)))
			.list());
	}
}
