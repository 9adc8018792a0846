package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.store.ClaimedEvent;
import outbox.store.OutboxEventRepository;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.SampleEvents;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/**
 * Several dispatchers (the context's and more "instances", each with its own threads, claims and
 * LISTEN connection) on ONE tenant: they share its backlog, deliver each event exactly once,
 * lose nothing that commits while they claim, and a trickle tenant is served meanwhile.
 */
@OutboxModuleTest
class ParallelDispatchTests {

	static final int EVENTS = 20_000;

	@Autowired
	Dispatcher dispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	HandlerRegistry registry;

	@Autowired
	DispatchMetrics metrics;

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

	@ParameterizedTest(name = "{0} dispatchers")
	@ValueSource(ints = { 2, 4 })
	void dispatchersShareOneTenantsBacklogAndDeliverEachEventExactlyOnce(int dispatchers) {
		String tenant = TestEvents.newTenant("one-big-" + dispatchers);
		try (SecondDispatchers more = new SecondDispatchers()) {
			for (int i = 2; i <= dispatchers; i++) {
				more.start("instance-" + i, properties, events, transactions, registry, metrics, connections);
			}
			// publishing interleaves with dispatching: every dispatcher is woken by the commits
			for (int chunk = 0; chunk < EVENTS; chunk += 500) {
				int from = chunk;
				transactions.runInTenant(tenant, () -> IntStream.range(from, from + 500)
					.forEach(i -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("e" + i))));
			}
			await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
				.until(() -> delivered(tenant) == EVENTS);
		}

		List<String> notExactlyOnce = new ArrayList<>();
		for (int i = 0; i < EVENTS; i++) {
			if (script.deliveries(tenant, "e" + i) != 1) {
				notExactlyOnce.add("e" + i + "=" + script.deliveries(tenant, "e" + i));
			}
		}
		assertThat(notExactlyOnce).isEmpty();
		Map<String, Long> byInstance = new HashMap<>();
		transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT split_part(claimed_by, '#', 1), count(DISTINCT claimed_by), count(*) FROM outbox_events GROUP BY 1""")
			.query((rs, row) -> byInstance.put(rs.getString(1) + " threads=" + rs.getLong(2), rs.getLong(3)))
			.list());
		// every instance, and more than one thread per instance, took part in the one tenant
		assertThat(byInstance).hasSize(dispatchers);
		assertThat(byInstance.keySet()).allMatch(instance -> !instance.endsWith("threads=1"));
	}

	@Test
	void publishesRacingClaimsAndReleasesLoseNothing() throws Exception {
		String tenant = TestEvents.newTenant("race");
		AtomicInteger published = new AtomicInteger();
		ExecutorService producers = Executors.newFixedThreadPool(8);
		List<String> keys = java.util.Collections.synchronizedList(new ArrayList<>());
		long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
		List<Future<?>> running = new ArrayList<>();
		try (SecondDispatchers more = new SecondDispatchers()) {
			more.start("racer", properties, events, transactions, registry, metrics, connections);
			for (int p = 0; p < 8; p++) {
				int producer = p;
				running.add(producers.submit(() -> {
					ThreadLocalRandom random = ThreadLocalRandom.current();
					for (int tx = 0; System.nanoTime() < until; tx++) {
						int count = 1 + random.nextInt(3);
						List<String> batch = new ArrayList<>();
						for (int i = 0; i < count; i++) {
							batch.add(producer + "-" + tx + "-" + i);
						}
						boolean commit = random.nextInt(10) > 0;
						try {
							transactions.runInTenant(tenant, () -> {
								batch.forEach(key -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey(key)));
								sleepMicros(random.nextInt(2_000));
								if (!commit) {
									throw new IllegalStateException("rolled back on purpose");
								}
							});
							keys.addAll(batch);
							published.addAndGet(count);
						}
						catch (IllegalStateException expected) {
							// nothing of a rolled-back transaction may be delivered
						}
						sleepMicros(random.nextInt(3_000));
					}
					return null;
				}));
			}
			for (Future<?> producer : running) {
				producer.get(30, TimeUnit.SECONDS);
			}
			// only the poll interval (2 s) could rescue an event that every dispatcher missed
			await().atMost(Duration.ofMillis(1500)).pollInterval(Duration.ofMillis(50))
				.until(() -> delivered(tenant) == published.get());
		}
		finally {
			producers.shutdownNow();
		}
		assertThat(published.get()).isGreaterThan(500);
		Map<String, Integer> wrong = new ConcurrentHashMap<>();
		keys.forEach(key -> {
			if (script.deliveries(tenant, key) != 1) {
				wrong.put(key, script.deliveries(tenant, key));
			}
		});
		assertThat(wrong).isEmpty();
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM outbox_events")
			.query(Long.class).single())).isEqualTo(published.get());
	}

	@Test
	void aTrickleTenantIsServedWhileABigTenantDrains() {
		String big = TestEvents.newTenant("big");
		String trickle = TestEvents.newTenant("trickle");
		// the backlog is there before any dispatcher looks
		dispatcher.stop();
		try {
			for (int chunk = 0; chunk < EVENTS; chunk += 1_000) {
				int from = chunk;
				transactions.runInTenant(big, () -> IntStream.range(from, from + 1_000)
					.forEach(i -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("b" + i))));
			}
		}
		finally {
			dispatcher.start();
		}
		List<Long> latenciesMillis = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			String key = "t" + i;
			long start = System.nanoTime();
			transactions.runInTenant(trickle,
					() -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey(key)));
			await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(2))
				.until(() -> script.deliveries(trickle, key) == 1);
			latenciesMillis.add((System.nanoTime() - start) / 1_000_000);
			sleepMicros(20_000);
		}
		// the big tenant was still draining when the last trickle event had been delivered
		assertThat(delivered(big)).isLessThan(EVENTS);
		assertThat(latenciesMillis.stream().sorted().toList().get(18)).isLessThan(500);
		await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> delivered(big) == EVENTS);
	}

	@Test
	void aTenantThatPublishesDuringABusyRoundIsTakenInAfterTheCurrentGroup() {
		String big = TestEvents.newTenant("busy-round");
		String newcomer = TestEvents.newTenant("newcomer");
		// one thread, no hand-back: without taking newcomers in, the round would end after all 30
		OutboxProperties p = properties;
		OutboxProperties patient = new OutboxProperties(1, p.batchSize(), p.pollInterval(), p.attemptTimeout(),
				p.eventLease(), Duration.ofMinutes(1), p.durableHandlerCommits(), p.retryBaseDelay(), p.retryMaxDelay(),
				p.shutdownTimeout(), p.listenReconnectDelay(), "busy", p.retention(), p.retentionBatchSize(),
				p.backlogCacheTtl());
		IntStream.range(0, 30).forEach(i -> script.when(big, "b" + i, delivery -> Thread.sleep(100)));
		dispatcher.stop();
		try (SecondDispatchers busy = new SecondDispatchers()) {
			transactions.runInTenant(big, () -> IntStream.range(0, 30)
				.forEach(i -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("b" + i))));
			// another instance (its wake-up arrives by NOTIFY, naming the tenant) with one busy round of three groups
			busy.startExactly("busy", patient, events, transactions, registry, metrics, connections);
			await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(10))
				.until(() -> script.deliveries(big, "b0") == 1);

			transactions.runInTenant(newcomer,
					() -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("n")));
			await().atMost(Duration.ofSeconds(6)).pollInterval(Duration.ofMillis(10))
				.until(() -> delivered(newcomer) == 1);
			// attempted after the group in progress, while the round still had the big tenant's others
			assertThat(delivered(big)).isLessThan(30);
			await().atMost(Duration.ofSeconds(10)).until(() -> delivered(big) == 30);
		}
		finally {
			dispatcher.start();
		}
	}

	@Test
	void aBatchIsSharedOutSoThatTrickleTenantsLeaveTheirShareToTheBigOne() {
		String big = TestEvents.newTenant("share-big");
		List<String> small = List.of(TestEvents.newTenant("share-a"), TestEvents.newTenant("share-b"),
				TestEvents.newTenant("share-c"));
		UUID token = UUID.randomUUID();
		dispatcher.stop();
		try {
			transactions.runInTenant(big, () -> IntStream.range(0, 100)
				.forEach(i -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("b" + i))));
			small.forEach(tenant -> transactions.runInTenant(tenant,
					() -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("only"))));

			List<ClaimedEvent> claimed = events.claimDue(token, "share#1", properties.eventLease(), 50,
					DispatchRound.GROUP_SIZE);
			Map<String, Long> byTenant = perTenant(claimed);
			// an equal share would give each of the four 12; the three with one event leave the rest to the big one
			assertThat(small).allMatch(tenant -> byTenant.get(tenant) == 1L);
			assertThat(byTenant.get(big)).isGreaterThanOrEqualTo(40L);
			assertThat(claimed.size()).isLessThanOrEqualTo(50);
			assertThat(events.release(token, claimed.stream().map(ClaimedEvent::id).toList())).isEqualTo(claimed.size());
		}
		finally {
			dispatcher.start();
		}
		await().atMost(Duration.ofSeconds(30)).until(() -> delivered(big) == 100);
	}

	@Test
	void aBatchGrowsSoThatEveryBusyTenantGetsAFullGroupUpToFourBatches() {
		List<String> busy = IntStream.range(0, 12).mapToObj(i -> TestEvents.newTenant("group-" + i)).toList();
		List<String> crowd = IntStream.range(0, 30).mapToObj(i -> TestEvents.newTenant("crowd-" + i)).toList();
		dispatcher.stop();
		try {
			busy.forEach(this::publishFifteen);
			// twelve tenants with more than a group due: a group each, 120 events, not 50 shared as fours
			Map<String, Long> grown = claimPerTenantAndRelease();
			assertThat(busy).allSatisfy(tenant -> assertThat(grown.get(tenant)).isEqualTo(DispatchRound.GROUP_SIZE));

			crowd.forEach(this::publishFifteen);
			// forty-two busy tenants: the batch stops at four times 50, an equal share each
			Map<String, Long> shared = claimPerTenantAndRelease();
			assertThat(shared.values().stream().mapToLong(Long::longValue).sum()).isLessThanOrEqualTo(200).isGreaterThan(150);
			assertThat(busy).allSatisfy(tenant -> assertThat(shared.get(tenant)).isBetween(4L, 5L));
			assertThat(crowd).allSatisfy(tenant -> assertThat(shared.get(tenant)).isBetween(4L, 5L));
		}
		finally {
			dispatcher.start();
		}
		await().atMost(Duration.ofSeconds(60)).until(() -> busy.stream().allMatch(tenant -> delivered(tenant) == 15)
				&& crowd.stream().allMatch(tenant -> delivered(tenant) == 15));
	}

	private void publishFifteen(String tenant) {
		transactions.runInTenant(tenant, () -> IntStream.range(0, 15)
			.forEach(i -> publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("e" + i))));
	}

	/** One claim as a dispatch round makes it, handed back at once: how many events it took per tenant. */
	private Map<String, Long> claimPerTenantAndRelease() {
		UUID token = UUID.randomUUID();
		List<ClaimedEvent> claimed = events.claimDue(token, "group#1", properties.eventLease(), 50, DispatchRound.GROUP_SIZE);
		assertThat(events.release(token, claimed.stream().map(ClaimedEvent::id).toList())).isEqualTo(claimed.size());
		return perTenant(claimed);
	}

	private static Map<String, Long> perTenant(List<ClaimedEvent> claimed) {
		return claimed.stream()
			.collect(java.util.stream.Collectors.groupingBy(ClaimedEvent::tenantId, java.util.stream.Collectors.counting()));
	}

	private long delivered(String tenant) {
		return transactions.readInTenant(tenant, () -> jdbc
			.sql("SELECT count(*) FROM outbox_events WHERE status = 'delivered'").query(Long.class).single());
	}

	private static void sleepMicros(long micros) {
		try {
			TimeUnit.MICROSECONDS.sleep(micros);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
