package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.PublishOptions;
import outbox.OutboxPublisher;
import outbox.store.DispatchQueueRepository;
import outbox.store.OutboxEventRepository;
import outbox.testing.SampleEvents;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.OwnerDatabase;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/** One tenant's backlog is worked on by every dispatcher at once, and a trickle tenant is not held up by it. */
@OutboxModuleTest
class ParallelDispatchTests {

	static final int EVENTS = 5_000;

	@Autowired
	Dispatcher contextDispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	HandlerRegistry registry;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	DataSource dataSource;

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

	@Autowired
	Environment environment;

	@ParameterizedTest(name = "{0} dispatchers")
	@ValueSource(ints = { 2, 4 })
	void severalDispatchersDrainOneTenantTogetherAndDeliverEachEventExactlyOnce(int dispatchers) {
		String tenant = TestEvents.newTenant("one-big-" + dispatchers);
		AtomicInteger running = new AtomicInteger();
		AtomicInteger maxRunning = new AtomicInteger();
		script.whenTenant(tenant, event -> {
			maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
			try {
				Thread.sleep(0, 200_000);
			}
			finally {
				running.decrementAndGet();
			}
		});
		contextDispatcher.stop();
		List<Dispatcher> instances = new ArrayList<>();
		try {
			for (int chunk = 0; chunk < EVENTS; chunk += 250) {
				int from = chunk;
				transactions.runInTenant(tenant, () -> IntStream.range(from, from + 250)
					.forEach(i -> publisher.publish(SampleEvents.of(EmployeeHired.TYPE), PublishOptions.idempotencyKey("e" + i))));
			}
			// each dispatcher a separate instance (own round, LISTEN connection and worker id) with one
			// thread and the default 30 s lease, so that a busy machine cannot make leases expire
			for (int d = 1; d <= dispatchers; d++) {
				String id = "parallel-" + d;
				OutboxProperties one = new OutboxProperties(1, 2, 50, properties.pollInterval(), properties.attemptTimeout(),
						Duration.ofSeconds(30), properties.retryBaseDelay(), properties.retryMaxDelay(),
						properties.shutdownTimeout(), properties.listenReconnectDelay(), id, properties.retention(),
						properties.retentionBatchSize(), properties.backlogCacheTtl());
				DispatchRound own = new DispatchRound(queue, events, transactions, registry, metrics, one,
						new RetryPolicy(one.retryBaseDelay(), one.retryMaxDelay(), () -> 0.5), dataSource, jdbc);
				instances.add(new Dispatcher(id, one, own, queue, connections, true));
			}
			long start = System.nanoTime();
			instances.forEach(Dispatcher::start);
			await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> delivered(tenant) == EVENTS);
			System.out.printf("%d dispatchers drained %d events of one tenant in %d ms%n", dispatchers, EVENTS,
					(System.nanoTime() - start) / 1_000_000);
		}
		finally {
			instances.forEach(Dispatcher::stop);
			contextDispatcher.start();
		}
		List<String> notExactlyOnce = new ArrayList<>();
		for (int i = 0; i < EVENTS; i++) {
			if (script.deliveries(tenant, "e" + i) != 1) {
				notExactlyOnce.add("e" + i + "=" + script.deliveries(tenant, "e" + i));
			}
		}
		assertThat(notExactlyOnce).isEmpty();
		Map<String, Long> byWorker = new HashMap<>();
		transactions.readInTenant(tenant, () -> jdbc.sql("SELECT split_part(claimed_by, '#', 1), count(*) FROM outbox_events GROUP BY 1")
			.query((rs, row) -> byWorker.put(rs.getString(1), rs.getLong(2)))
			.list());
		// every dispatcher took its share of the one tenant, and handlers of that tenant ran side by side
		assertThat(byWorker).hasSize(dispatchers);
		assertThat(byWorker.values()).allMatch(count -> count >= EVENTS / dispatchers / 4);
		assertThat(maxRunning.get()).isGreaterThan(1);
	}

	@Test
	void aTrickleTenantKeepsItsLatencyWhileABigTenantDrains() throws Exception {
		String big = TestEvents.newTenant("fair-big");
		String trickle = TestEvents.newTenant("fair-trickle");
		script.whenTenant(big, event -> Thread.sleep(2));
		Map<String, Long> handledAt = new ConcurrentHashMap<>();
		script.whenTenant(trickle, event -> handledAt.put(event.idempotencyKey(), System.nanoTime()));
		double alone = trickleMedianMillis(trickle, "alone", handledAt);
		for (int chunk = 0; chunk < EVENTS; chunk += 500) {
			int from = chunk;
			transactions.runInTenant(big, () -> IntStream.range(from, from + 500)
				.forEach(i -> publisher.publish(SampleEvents.of(EmployeeHired.TYPE), PublishOptions.idempotencyKey("b" + i))));
		}
		double beside = trickleMedianMillis(trickle, "beside", handledAt);
		long bigStillPending = OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(*) FROM outbox_events WHERE tenant_id = :tenant AND status <> 'delivered'""")
			.param("tenant", big).query(Long.class).single());
		System.out.printf("trickle median commit-to-handled %.1f ms alone, %.1f ms beside a big tenant that still had %d events%n",
				alone, beside, bigStillPending);
		// the big tenant was still draining the whole time (a tenth of its backlog or more left),
		// and the trickle tenant waited about one batch of it at most, not for its drain (seconds)
		assertThat(bigStillPending).isGreaterThan(EVENTS / 10);
		assertThat(beside).isLessThan(Math.max(4 * alone, 750));
		await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> delivered(big) == EVENTS);
		// and no lease ran out on the way: every batch was worked on and renewed by its own thread
		Map<String, Long> expired = new HashMap<>();
		OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT worker_id, count(*) FROM outbox_attempts
				WHERE tenant_id = :tenant AND error_class = 'outbox.LeaseExpired' GROUP BY 1""")
			.param("tenant", big).query((rs, row) -> expired.put(rs.getString(1), rs.getLong(2))).list());
		assertThat(expired).isEmpty();
	}

	/** Publishes 15 trickle events 50 ms apart and returns their median commit-to-handled time. */
	private double trickleMedianMillis(String trickle, String prefix, Map<String, Long> handledAt) throws Exception {
		Map<String, Long> publishedAt = new HashMap<>();
		for (int i = 0; i < 15; i++) {
			String key = prefix + i;
			transactions.runInTenant(trickle, () -> publisher.publish(SampleEvents.of(EmployeeHired.TYPE), PublishOptions.idempotencyKey(key)));
			publishedAt.put(key, System.nanoTime());
			Thread.sleep(50);
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> publishedAt.keySet().stream().allMatch(handledAt::containsKey));
		return publishedAt.entrySet().stream()
			.mapToDouble(entry -> (handledAt.get(entry.getKey()) - entry.getValue()) / 1e6)
			.sorted().skip(publishedAt.size() / 2).findFirst().orElseThrow();
	}

	private long delivered(String tenant) {
		return transactions.readInTenant(tenant, () -> jdbc
			.sql("SELECT count(*) FROM outbox_events WHERE status = 'delivered'").query(Long.class).single());
	}
}
