package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

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

/**
 * Publishing races the dispatchers going idle: many short, randomly sized and timed publishing
 * transactions of a few tenants, while two dispatchers with a one-minute poll and rescue interval
 * drain and go idle over and over. Only the wake-ups can deliver in time, so an event committed
 * while a dispatcher was deciding to sleep would show up as late.
 */
@OutboxModuleTest
class PublishRaceTests {

	@Autowired
	Dispatcher contextDispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	DispatchQueueRepository queue;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	ListenConnections connections;

	@Autowired
	OutboxPublisher publisher;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	HandlerRegistry registry;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	DataSource dataSource;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	HandlerScript script;

	@Autowired
	Environment environment;

	@Test
	void publishesRacingIdleDispatchersLoseNothing() throws Exception {
		String run = "race-" + System.nanoTime();
		List<String> tenants = List.of(run + "-a", run + "-b", run + "-c");
		OutboxProperties slowPoll = new OutboxProperties(2, 4, 50, Duration.ofSeconds(60), properties.attemptTimeout(),
				Duration.ofMinutes(2), properties.retryBaseDelay(), properties.retryMaxDelay(), properties.shutdownTimeout(),
				properties.listenReconnectDelay(), "race", properties.retention(), properties.retentionBatchSize(),
				properties.backlogCacheTtl());
		DispatchRound round = new DispatchRound(queue, events, transactions, registry, metrics, slowPoll,
				new RetryPolicy(slowPoll.retryBaseDelay(), slowPoll.retryMaxDelay(), () -> 0.5), dataSource, jdbc);
		List<Dispatcher> dispatchers = List.of(new Dispatcher("race-1", slowPoll.withWorkerId("race-1"), round, queue, connections, true),
				new Dispatcher("race-2", slowPoll.withWorkerId("race-2"), round, queue, connections, true));
		AtomicInteger published = new AtomicInteger();
		List<String> keys = java.util.Collections.synchronizedList(new ArrayList<>());
		contextDispatcher.stop();
		ExecutorService producers = Executors.newFixedThreadPool(6);
		try {
			dispatchers.forEach(Dispatcher::start);
			List<CompletableFuture<Void>> done = new ArrayList<>();
			for (int p = 0; p < 6; p++) {
				int producer = p;
				done.add(CompletableFuture.runAsync(() -> {
					ThreadLocalRandom random = ThreadLocalRandom.current();
					for (int tx = 0; tx < 120; tx++) {
						String tenant = tenants.get(random.nextInt(tenants.size()));
						int size = 1 + random.nextInt(3);
						List<String> batch = new ArrayList<>();
						for (int i = 0; i < size; i++) {
							batch.add(producer + "-" + tx + "-" + i);
						}
						transactions.runInTenant(tenant, () -> batch.forEach(key -> publisher
							.publish(SampleEvents.of(EmployeeHired.TYPE), PublishOptions.idempotencyKey(key))));
						batch.forEach(key -> keys.add(tenant + "/" + key));
						published.addAndGet(size);
						// pauses long enough for the dispatchers to drain and decide to sleep
						if (random.nextInt(4) == 0) {
							sleep(random.nextInt(15));
						}
					}
				}, producers));
			}
			CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
			// far below the 60 s poll and rescue interval: only wake-ups can have done this
			await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
				.until(() -> delivered(run) == published.get());
		}
		finally {
			producers.shutdownNow();
			dispatchers.forEach(Dispatcher::stop);
			contextDispatcher.start();
		}
		List<String> notOnce = keys.stream().filter(key -> {
			String[] parts = key.split("/", 2);
			return script.deliveries(parts[0], parts[1]) != 1;
		}).toList();
		assertThat(notOnce).isEmpty();
		assertThat(keys).hasSize(published.get());
	}

	private long delivered(String run) {
		return OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(*) FROM outbox_events WHERE tenant_id LIKE :run || '%' AND status = 'delivered'""")
			.param("run", run).query(Long.class).single());
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
