package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageReminderDue;
import outbox.PublishOptions;
import outbox.PermanentFailureException;
import outbox.store.OutboxEventRepository;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.OwnerDatabase;
import outbox.testing.SampleEvents;
import outbox.testing.TestEvents;
import outbox.testing.TestEvents.AttemptRow;
import platform.TenantTransactions;

/** The dispatcher of the test context, against the real database, with scripted handlers. */
@OutboxModuleTest
class DispatcherTests {

	static final Duration DELIVERY = Duration.ofSeconds(15);
	/** The tests' poll interval plus a margin (see OutboxModuleTest). */
	static final Duration POLL = Duration.ofSeconds(3);

	@Autowired
	Dispatcher dispatcher;

	@Autowired
	HandlerScript script;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	Environment environment;

	@Autowired
	HandlerRegistry registry;


	@Autowired
	TestEvents events;

	@Autowired
	OutboxProperties properties;

	@Autowired
	OutboxEventRepository repository;

	@Autowired
	ListenConnections connections;

	@Test
	void aPermanentFailureIsDeadLetteredAfterOneAttempt() {
		String tenant = TestEvents.newTenant("permanent");
		script.when(tenant, "direct", event -> {
			throw new PermanentFailureException("employee " + event.idempotencyKey() + " does not exist");
		});
		script.when(tenant, "wrapped", event -> {
			throw new IllegalStateException("adapter failed", new PermanentFailureException("account is locked"));
		});
		double before = metrics.count(EmployeeHired.TYPE, Outcome.DEAD_LETTERED);
		events.publish(tenant, EmployeeHired.TYPE, "direct");
		events.publish(tenant, EmployeeHired.TYPE, "wrapped");

		await().atMost(DELIVERY).until(() -> events.status(tenant, "direct").equals("failed")
				&& events.status(tenant, "wrapped").equals("failed"));
		assertThat(script.deliveries(tenant, "direct")).isEqualTo(1);
		assertThat(script.deliveries(tenant, "wrapped")).isEqualTo(1);
		assertThat(events.state(tenant, "direct").attempts()).isEqualTo(1);
		List<AttemptRow> history = events.history(tenant, "direct");
		assertThat(history).hasSize(1);
		AttemptRow attempt = history.get(0);
		assertThat(attempt.outcome()).isEqualTo("dead_lettered");
		assertThat(attempt.errorClass()).isEqualTo(PermanentFailureException.class.getName());
		assertThat(attempt.errorMessage()).isEqualTo("employee direct does not exist");
		assertThat(attempt.errorStack()).contains("DispatcherTests");
		assertThat(attempt.durationMs()).isNotNull().isGreaterThanOrEqualTo(0);
		assertThat(attempt.workerId()).startsWith("outbox-tests#");
		assertThat(events.history(tenant, "wrapped").get(0).errorClass()).isEqualTo(IllegalStateException.class.getName());
		assertThat(metrics.count(EmployeeHired.TYPE, Outcome.DEAD_LETTERED)).isEqualTo(before + 2);
	}

	@Test
	void transientFailuresAreRetriedWithBackoffUntilTheAttemptsAreUsedUp() {
		String tenant = TestEvents.newTenant("exhaust");
		script.when(tenant, "flaky", event -> {
			throw new IllegalStateException("upstream timeout on attempt " + event.attempt());
		});
		double retried = metrics.count(EmployeeTransferred.TYPE, Outcome.RETRIED);
		events.publish(tenant, SampleEvents.of(EmployeeTransferred.TYPE), new PublishOptions(3, "flaky"));

		await().atMost(DELIVERY).until(() -> events.status(tenant, "flaky").equals("failed"));
		assertThat(script.deliveries(tenant, "flaky")).isEqualTo(3);
		assertThat(events.history(tenant, "flaky")).extracting(AttemptRow::attempt, AttemptRow::outcome,
				AttemptRow::errorMessage)
			.containsExactly(tuple(1, "retried", "upstream timeout on attempt 1"),
					tuple(2, "retried", "upstream timeout on attempt 2"),
					tuple(3, "dead_lettered", "upstream timeout on attempt 3"));
		assertThat(metrics.count(EmployeeTransferred.TYPE, Outcome.RETRIED)).isEqualTo(retried + 2);
	}

	@Test
	void aFailureThatRecoversIsDeliveredWithItsHistory() {
		String tenant = TestEvents.newTenant("recover");
		script.when(tenant, "recovers", event -> {
			if (event.attempt() < 3) {
				throw new IOException("connection reset");
			}
		});
		events.publish(tenant, EmployeeHired.TYPE, "recovers");

		await().atMost(DELIVERY).until(() -> events.status(tenant, "recovers").equals("delivered"));
		assertThat(events.state(tenant, "recovers").attempts()).isEqualTo(3);
		assertThat(events.history(tenant, "recovers")).extracting(AttemptRow::outcome, AttemptRow::errorClass)
			.containsExactly(tuple("retried", "java.io.IOException"), tuple("retried", "java.io.IOException"),
					tuple("succeeded", null));
	}

	@Test
	void aPoisonedEventDelaysNeitherItsTenantsOtherEventsNorOtherTenants() throws Exception {
		String poisoned = TestEvents.newTenant("poisoned");
		String healthy = TestEvents.newTenant("healthy");
		String hanging = TestEvents.newTenant("hanging");
		script.when(poisoned, "poison", event -> {
			throw new IllegalStateException("cannot parse");
		});
		CountDownLatch hangEntered = new CountDownLatch(1);
		CountDownLatch releaseHang = new CountDownLatch(1);
		script.when(hanging, "hang", event -> {
			if (event.attempt() == 1) {
				hangEntered.countDown();
				releaseHang.await(30, TimeUnit.SECONDS);
			}
		});
		try {
			events.publish(hanging, EmployeeHired.TYPE, "hang");
			assertThat(hangEntered.await(10, TimeUnit.SECONDS)).isTrue();
			events.publish(poisoned, SampleEvents.hired(), new PublishOptions(50, "poison"));
			for (int i = 0; i < 20; i++) {
				events.publish(poisoned, EmployeeHired.TYPE, "after-poison-" + i);
				events.publish(healthy, EmployeeHired.TYPE, "healthy-" + i);
			}
			// all delivered while one handler still hangs (attempt timeout 2 s) and the poison keeps failing
			// (a handler grouped with the poison in one transaction runs again without it, hence >= 1)
			await().atMost(Duration.ofMillis(1500)).until(() -> IntStream.range(0, 20)
				.allMatch(i -> events.status(poisoned, "after-poison-" + i).equals("delivered")
						&& script.deliveries(healthy, "healthy-" + i) == 1));
			assertThat(hangEntered.getCount()).isZero();
			assertThat(script.deliveries(hanging, "hang")).isEqualTo(1);
			await().atMost(DELIVERY).until(() -> script.deliveries(poisoned, "poison") > 1);
			// the hanging attempt times out (2 s in the tests), is recorded and retried
			await().atMost(DELIVERY).until(() -> events.status(hanging, "hang").equals("delivered"));
		}
		finally {
			releaseHang.countDown();
		}
		assertThat(events.history(hanging, "hang")).extracting(AttemptRow::errorClass)
			.containsExactly(AttemptTimeoutException.class.getName(), null);
		await().atMost(DELIVERY).until(() -> events.status(poisoned, "poison").equals("failed"));
	}

	@Test
	void theHandlerIsToldOnceOfEveryDeadLetterWhateverItsCause() {
		String tenant = TestEvents.newTenant("notice");
		script.when(tenant, "permanent", event -> {
			throw new PermanentFailureException("no such employee");
		});
		script.when(tenant, "exhausted", event -> {
			throw new IllegalStateException("still down on attempt " + event.attempt());
		});
		script.when(tenant, "timed-out", event -> Thread.sleep(30_000));
		script.when(tenant, "recovers", event -> {
			if (event.attempt() == 1) {
				throw new IllegalStateException("once");
			}
		});
		events.publish(tenant, SampleEvents.hired(), new PublishOptions(5, "permanent"));
		events.publish(tenant, SampleEvents.hired(), new PublishOptions(2, "exhausted"));
		events.publish(tenant, SampleEvents.hired(), new PublishOptions(1, "timed-out"));
		events.publish(tenant, SampleEvents.hired(), new PublishOptions(3, "recovers"));

		await().atMost(DELIVERY).until(() -> script.deadLetterNotice(tenant, "permanent").isPresent()
				&& script.deadLetterNotice(tenant, "exhausted").isPresent()
				&& script.deadLetterNotice(tenant, "timed-out").isPresent()
				&& events.status(tenant, "recovers").equals("delivered"));
		assertThat(events.status(tenant, "permanent")).isEqualTo("failed");
		assertThat(script.deadLetterNotice(tenant, "permanent")).contains("no such employee");
		assertThat(script.deadLetterNotice(tenant, "exhausted")).contains("still down on attempt 2");
		// the attempt timeout (2 s in the tests) on the only attempt
		assertThat(script.deadLetterNotice(tenant, "timed-out").orElseThrow()).contains("attempt timeout");
		assertThat(events.status(tenant, "timed-out")).isEqualTo("failed");
		assertThat(script.deadLetterNotice(tenant, "recovers")).isEmpty();
	}

	@Test
	void handlersRunInTheEventTenantsOwnTransaction() {
		String tenantA = TestEvents.newTenant("rls-a");
		String tenantB = TestEvents.newTenant("rls-b");
		events.publish(tenantB, RunStartRequested.TYPE, "b-secret");
		AtomicReference<List<Object>> seen = new AtomicReference<>();
		script.when(tenantA, "probe", event -> seen.set(List.of(
				jdbc.sql("SELECT current_setting('app.tenant_id', true)").query(String.class).single(),
				jdbc.sql("SELECT count(*) FROM outbox_events WHERE idempotency_key = 'b-secret'").query(Long.class).single(),
				jdbc.sql("SELECT count(*) FROM outbox_events WHERE tenant_id <> :tenant").param("tenant", tenantA)
					.query(Long.class).single(),
				jdbc.sql("SELECT status FROM outbox_events WHERE id = :id").param("id", event.eventId())
					.query(String.class).single())));
		events.publish(tenantA, RunStartRequested.TYPE, "probe");

		await().atMost(DELIVERY).until(() -> seen.get() != null);
		assertThat(seen.get()).containsExactly(tenantA, 0L, 0L, "processing");
		assertThat(events.status(tenantA, "probe")).isEqualTo("delivered");
	}

	@Test
	void aStrandedClaimIsRescuedWithinOnePollIntervalWhateverElseTheTenantDoes() {
		String tenant = TestEvents.newTenant("stranded");
		events.publish(tenant, EmployeeOffboarded.TYPE, "stranded");
		events.publish(tenant, EmployeeOffboarded.TYPE, "newer");
		await().atMost(DELIVERY).until(() -> events.status(tenant, "newer").equals("delivered"));
		// exactly the row of the report: processing under a dead worker's claim, lease in the past
		transactions.runInTenant(tenant, () -> jdbc.sql("""
				UPDATE outbox_events SET status = 'processing', claim_token = gen_random_uuid(), claimed_by = 'dead#1',
				       lease_until = now() - interval '1 second', attempts = 1, delivered_at = NULL
				WHERE idempotency_key = 'stranded'""").update());
		int before = script.deliveries(tenant, "stranded");
		events.publish(tenant, EmployeeOffboarded.TYPE, "newest");

		await().atMost(Duration.ofSeconds(1)).until(() -> script.deliveries(tenant, "newest") == 1);
		await().atMost(DispatcherTests.POLL).until(() -> events.status(tenant, "stranded").equals("delivered"));
		assertThat(script.deliveries(tenant, "stranded")).isEqualTo(before + 1);
		assertThat(events.history(tenant, "stranded")).extracting(AttemptRow::outcome, AttemptRow::errorClass,
				AttemptRow::workerId)
			.containsExactly(tuple("retried", "outbox.LeaseExpired", "dead#1"), tuple("succeeded", null, events.state(tenant,
					"stranded").claimedBy()));
	}

	@Test
	void aStuckClaimShowsInTheGaugesUntilItIsRescued() {
		String tenant = TestEvents.newTenant("stuck");
		events.publish(tenant, EmployeeOffboarded.TYPE, "gauge");
		await().atMost(DELIVERY).until(() -> events.status(tenant, "gauge").equals("delivered"));
		dispatcher.stop();
		try {
			long stuckBefore = stuckTotal();
			transactions.runInTenant(tenant, () -> jdbc.sql("""
					UPDATE outbox_events SET status = 'processing', claim_token = gen_random_uuid(), claimed_by = 'dead#1',
					       lease_until = now() - interval '1 second'
					WHERE idempotency_key = 'gauge'""").update());
			assertThat(stuckTotal()).isEqualTo(stuckBefore + 1);
			assertThat(metrics.stuck()).isGreaterThanOrEqualTo(1);
		}
		finally {
			dispatcher.start();
		}
		await().atMost(POLL).until(() -> events.status(tenant, "gauge").equals("delivered"));
	}

	@Test
	void aLeaseTakenOverMidHandlerRollsBackTheStaleHandlersWrites() throws Exception {
		String tenant = TestEvents.newTenant("takeover");
		// the handler writes an employee row (a tenant row the rollback must undo), which needs its tenant
		transactions.runInTenant(tenant, () -> jdbc.sql("INSERT INTO tenants (id, name) VALUES (:t, :t)").param("t", tenant).update());
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch resume = new CountDownLatch(1);
		script.when(tenant, "slow", event -> {
			jdbc.sql("INSERT INTO employees (id, tenant_id, display_name, email, department, start_date, status) "
					+ "VALUES (gen_random_uuid(), :t, :actor, :actor || '@handler.example', 'test', current_date, 'active')")
				.param("t", tenant).param("actor", "attempt-" + event.attempt()).update();
			if (event.attempt() == 1) {
				entered.countDown();
				resume.await(30, TimeUnit.SECONDS);
			}
		});
		double stale = metrics.count(EmployeeOffboarded.TYPE, Outcome.STALE);
		try {
			events.publish(tenant, EmployeeOffboarded.TYPE, "slow");
			assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
			// another worker takes the claim over (as after a lost lease) and delivers
			transactions.runInTenant(tenant, () -> jdbc.sql("""
					UPDATE outbox_events SET claim_token = gen_random_uuid(), claimed_by = 'other#1', lease_until = now() - interval '1 second'
					WHERE idempotency_key = 'slow'""").update());
			await().atMost(POLL).until(() -> events.status(tenant, "slow").equals("delivered"));
			resume.countDown();
			await().atMost(DELIVERY).until(() -> metrics.count(EmployeeOffboarded.TYPE, Outcome.STALE) > stale);
		}
		finally {
			resume.countDown();
		}
		// the first attempt's write was rolled back with its stale completion; the second one's committed
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT display_name FROM employees ORDER BY created_at, id")
			.query(String.class).list())).containsExactly("attempt-2");
		assertThat(script.deliveries(tenant, "slow")).isEqualTo(2);
	}

	@Test
	void shutdownLetsInFlightHandlersFinishAndHandsBackTheRest() throws Exception {
		String tenant = TestEvents.newTenant("drain");
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		script.when(tenant, "in-flight", event -> {
			entered.countDown();
			release.await(30, TimeUnit.SECONDS);
		});
		// one thread claims them all: the in-flight event's group, and a second group not started yet
		List<String> sameGroup = IntStream.range(1, DispatchRound.GROUP_SIZE).mapToObj(i -> "grouped-" + i).toList();
		List<String> queued = List.of("queued-1", "queued-2");
		List<String> keys = new java.util.ArrayList<>(List.of("in-flight"));
		keys.addAll(sameGroup);
		keys.addAll(queued);
		dispatcher.stop();
		try (SecondDispatchers single = new SecondDispatchers()) {
			events.publishAll(tenant, EmployeeHired.TYPE, keys.toArray(String[]::new));
			Dispatcher one = single.startExactly("single", SecondDispatchers.asWorker(properties, "single", 1), repository,
					transactions, registry, metrics, connections);
			assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

			CompletableFuture<Void> stopping = CompletableFuture.runAsync(one::stop);
			Thread.sleep(300);
			assertThat(stopping).isNotDone();
			release.countDown();
			stopping.get(10, TimeUnit.SECONDS);

			assertThat(one.isRunning()).isFalse();
			assertThat(events.status(tenant, "in-flight")).isEqualTo("delivered");
			assertThat(sameGroup).allMatch(key -> events.status(tenant, key).equals("delivered"));
			for (String key : queued) {
				assertThat(events.state(tenant, key)).extracting(TestEvents.State::status, TestEvents.State::attempts)
					.containsExactly("pending", 0);
				assertThat(script.deliveries(tenant, key)).isZero();
			}
		}
		finally {
			release.countDown();
			dispatcher.start();
		}
		await().atMost(DELIVERY).until(() -> queued.stream().allMatch(key -> events.status(tenant, key).equals("delivered")));
	}

	@Test
	void theListenConnectionReconnectsAfterBeingKilledAndWakesTheDispatcherAgain() {
		WakeListener listener = dispatcher.listener();
		int pid = listener.backendPid();
		long reconnects = listener.reconnects();
		Boolean terminated = OwnerDatabase.with(environment, owner -> owner.sql("SELECT pg_terminate_backend(:pid)")
			.param("pid", pid).query(Boolean.class).single());
		assertThat(terminated).isTrue();

		await().atMost(Duration.ofSeconds(10)).until(() -> listener.reconnects() > reconnects && listener.listening());
		assertThat(listener.backendPid()).isNotEqualTo(pid);

		long notifications = listener.notificationsReceived();
		String tenant = TestEvents.newTenant("relisten");
		events.publish(tenant, StageReminderDue.TYPE, "after-reconnect");
		// far below the poll interval: the wake-up came through the new connection
		await().atMost(Duration.ofMillis(1500)).until(() -> script.deliveries(tenant, "after-reconnect") == 1);
		assertThat(listener.notificationsReceived()).isGreaterThan(notifications);
	}


	private long stuckTotal() {
		Long stuck = OwnerDatabase.with(environment,
				owner -> owner.sql("SELECT outbox_stuck_total()").query(Long.class).single());
		return stuck;
	}
}
