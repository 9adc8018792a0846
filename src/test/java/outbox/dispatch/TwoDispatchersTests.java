package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.PublishOptions;
import outbox.OutboxPublisher;
import outbox.store.DispatchQueueRepository;
import outbox.testing.SampleEvents;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import platform.TenantTransactions;

/**
 * Two dispatchers (the context's and a second "instance" with its own LISTEN connection and worker
 * id) drain 10,000 events of 10 tenants concurrently; every event is handled exactly once.
 */
@OutboxModuleTest
class TwoDispatchersTests {

	static final int TENANTS = 10;
	static final int EVENTS_PER_TENANT = 1_000;

	@Autowired
	Dispatcher contextDispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	DispatchRound round;

	@Autowired
	DispatchQueueRepository queue;

	@Autowired
	ListenConnections connections;

	@Autowired
	OutboxPublisher publisher;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	HandlerScript script;

	@Test
	void tenThousandEventsAreEachHandledExactlyOnce() {
		OutboxProperties second = new OutboxProperties(properties.dispatchThreads(), properties.batchSize(),
				properties.pollInterval(), properties.attemptTimeout(), properties.eventLease(), properties.queueLease(),
				properties.retryBaseDelay(), properties.retryMaxDelay(), properties.shutdownTimeout(),
				properties.listenReconnectDelay(), "second-instance", properties.retention(),
				properties.retentionBatchSize(), properties.backlogCacheTtl());
		Dispatcher secondInstance = new Dispatcher("second-instance", second, round, queue, connections, true);
		secondInstance.start();
		String run = "x" + System.nanoTime();
		List<String> tenants = IntStream.range(0, TENANTS).mapToObj(i -> run + "-tenant-" + i).toList();
		try {
			// publishing interleaves with dispatching: both dispatchers are woken by every commit
			for (int chunk = 0; chunk < EVENTS_PER_TENANT; chunk += 100) {
				int from = chunk;
				for (String tenant : tenants) {
					transactions.runInTenant(tenant, () -> IntStream.range(from, from + 100)
						.forEach(i -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("e" + i))));
				}
			}
			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
				.until(() -> tenants.stream().mapToLong(this::delivered).sum() == TENANTS * EVENTS_PER_TENANT);
		}
		finally {
			secondInstance.stop();
		}

		List<String> notExactlyOnce = new ArrayList<>();
		for (String tenant : tenants) {
			for (int i = 0; i < EVENTS_PER_TENANT; i++) {
				if (script.deliveries(tenant, "e" + i) != 1) {
					notExactlyOnce.add(tenant + "/e" + i + "=" + script.deliveries(tenant, "e" + i));
				}
			}
		}
		assertThat(notExactlyOnce).isEmpty();
		Map<String, Long> byInstance = new HashMap<>();
		for (String tenant : tenants) {
			transactions.readInTenant(tenant, () -> jdbc.sql("""
					SELECT split_part(claimed_by, '#', 1), count(*) FROM outbox_events GROUP BY 1""")
				.query((rs, row) -> byInstance.merge(rs.getString(1), rs.getLong(2), Long::sum))
				.list());
		}
		assertThat(byInstance.keySet()).containsExactlyInAnyOrder("outbox-tests", "second-instance");
		assertThat(contextDispatcher.isRunning()).isTrue();
	}

	private long delivered(String tenant) {
		return transactions.readInTenant(tenant, () -> jdbc
			.sql("SELECT count(*) FROM outbox_events WHERE status = 'delivered'").query(Long.class).single());
	}
}
