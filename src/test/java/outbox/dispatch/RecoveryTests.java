package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeTransferred;
import outbox.admin.BacklogService;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.OwnerDatabase;
import outbox.testing.TestEvents;
import outbox.testing.TestEvents.AttemptRow;

/**
 * Nothing is stranded: an expired lease is rescued whatever else is going on, a killed worker
 * holds nothing but its in-flight events (until their short lease), and a worker cut off by a
 * database outage hands its own claims back when the database answers again.
 */
@OutboxModuleTest
class RecoveryTests {

	@Autowired
	Dispatcher dispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	HandlerScript script;

	@Autowired
	HandlerRegistry registry;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	TestEvents events;

	@Autowired
	BacklogService backlog;

	@Autowired
	Environment environment;

	@Test
	void aProcessingRowPastItsLeaseInAnIdleTenantIsStuckThenRescuedWithinOnePollInterval() {
		String tenant = TestEvents.newTenant("stranded");
		events.publish(tenant, EmployeeHired.TYPE, "earlier");
		await().atMost(Duration.ofSeconds(10)).until(() -> events.status(tenant, "earlier").equals("delivered"));
		dispatcher.stop();
		try {
			// exactly the stranded row of the issue: processing, lease in the past, tenant otherwise idle
			OwnerDatabase.with(environment, owner -> owner.sql("""
					INSERT INTO outbox_events (id, tenant_id, event_type, idempotency_key, payload, payload_version,
					                           max_attempts, status, attempts, claim_token, claimed_by, lease_until)
					VALUES (:id, :tenant, 'hr.employee.created', 'stranded', CAST(:payload AS jsonb), 1, 5, 'processing', 1,
					        gen_random_uuid(), 'dead-worker#1', now() - interval '1 minute')""")
				.param("id", outbox.store.EventIds.next()).param("tenant", tenant)
				.param("payload", "{\"employeeId\":\"" + UUID.randomUUID() + "\",\"displayName\":\"Stranded\",\"startDate\":\"2030-01-15\"}")
				.update());
			assertThat(backlog.backlog(tenant).stuck()).isEqualTo(1);
			assertThat(metrics.stuck()).isGreaterThanOrEqualTo(1);
			assertThat(metrics.backlog()).isGreaterThanOrEqualTo(1);
		}
		finally {
			dispatcher.start();
		}
		long started = System.nanoTime();
		await().atMost(properties.pollInterval()).until(() -> events.status(tenant, "stranded").equals("delivered"));
		System.out.printf("stranded row delivered %d ms after the dispatcher started%n", (System.nanoTime() - started) / 1_000_000);
		assertThat(script.deliveries(tenant, "stranded")).isEqualTo(1);
		assertThat(events.history(tenant, "stranded")).extracting(AttemptRow::outcome, AttemptRow::errorClass,
				AttemptRow::workerId)
			.first().isEqualTo(tuple("retried", "outbox.LeaseExpired", "dead-worker#1"));
		assertThat(backlog.backlog(tenant).stuck()).isZero();
	}

	@Test
	void afterAWorkerIsKilledItsTenantsNewEventsFlowAtOnceAndItsInFlightEventsFollowTheirLease() throws Exception {
		String tenant = TestEvents.newTenant("killed");
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch never = new CountDownLatch(1);
		script.when(tenant, "in-flight", event -> {
			if (event.attempt() == 1) {
				entered.countDown();
				never.await(60, TimeUnit.SECONDS);
			}
		});
		Duration lease = Duration.ofSeconds(3);
		SecondWorker killed = new SecondWorker("killed-worker",
				SecondWorker.properties(properties, "killed-worker", 1, 10, lease, Duration.ofSeconds(30)), environment,
				registry, metrics);
		dispatcher.stop();
		try {
			killed.start();
			events.publish(tenant, EmployeeHired.TYPE, "in-flight");
			assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
			killed.cut();
			dispatcher.start();

			long killedAt = System.nanoTime();
			for (int i = 0; i < 5; i++) {
				events.publish(tenant, EmployeeHired.TYPE, "new-hire-" + i);
			}
			await().atMost(Duration.ofSeconds(5))
				.until(() -> IntStream.range(0, 5).allMatch(i -> script.deliveries(tenant, "new-hire-" + i) == 1));
			System.out.printf("new events delivered %d ms after the kill%n", (System.nanoTime() - killedAt) / 1_000_000);
			// the dead worker's in-flight event: its lease (3 s here, 30 s by default) plus a rescue pass
			await().atMost(Duration.ofSeconds(60)).until(() -> events.status(tenant, "in-flight").equals("delivered"));
			System.out.printf("in-flight event delivered %d ms after the kill%n", (System.nanoTime() - killedAt) / 1_000_000);
			assertThat(Duration.ofNanos(System.nanoTime() - killedAt)).isGreaterThanOrEqualTo(lease.minusMillis(500));
			assertThat(events.history(tenant, "in-flight")).extracting(AttemptRow::outcome, AttemptRow::workerId)
				.containsExactly(tuple("retried", "killed-worker#1"), tuple("delivered", events.state(tenant, "in-flight").claimedBy()));
		}
		finally {
			never.countDown();
			dispatcher.start();
			killed.close();
		}
	}

	@Test
	void aWorkerCutOffByADatabaseOutageResumesWithinSecondsAndHandsBackItsOwnClaims() throws Exception {
		String tenant = TestEvents.newTenant("outage");
		AtomicInteger handled = new AtomicInteger();
		script.whenTenant(tenant, event -> {
			Thread.sleep(20);
			handled.incrementAndGet();
		});
		// a lease far longer than the test: only the worker handing back its own claims can bring
		// back the events it had in flight when the database went away
		SecondWorker worker = new SecondWorker("outage-worker",
				SecondWorker.properties(properties, "outage-worker", 2, 5, Duration.ofSeconds(120), Duration.ofSeconds(30)),
				environment, registry, metrics);
		dispatcher.stop();
		try {
			worker.start();
			for (int i = 0; i < 40; i++) {
				events.publish(tenant, EmployeeTransferred.TYPE, "before-" + i);
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> handled.get() >= 5);
			worker.cut();
			for (int i = 0; i < 20; i++) {
				events.publish(tenant, EmployeeTransferred.TYPE, "during-" + i);
			}
			Thread.sleep(3_000);
			long stuckInFlight = OwnerDatabase.with(environment, owner -> owner.sql("""
					SELECT count(*) FROM outbox_events WHERE tenant_id = :tenant AND status = 'processing'""")
				.param("tenant", tenant).query(Long.class).single());
			worker.restore();
			long restoredAt = System.nanoTime();
			await().atMost(Duration.ofSeconds(5)).until(() -> delivered(tenant) == 60);
			System.out.printf("%d events in flight at the outage; all 60 delivered %d ms after the database was back%n",
					stuckInFlight, (System.nanoTime() - restoredAt) / 1_000_000);
		}
		finally {
			dispatcher.start();
			worker.close();
		}
		// handed back by the worker itself, not rescued after the lease
		long rescued = OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(*) FROM outbox_attempts WHERE tenant_id = :tenant AND error_class = 'outbox.LeaseExpired'""")
			.param("tenant", tenant).query(Long.class).single());
		assertThat(rescued).isZero();
	}

	private long delivered(String tenant) {
		return OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(*) FROM outbox_events WHERE tenant_id = :tenant AND status = 'delivered'""")
			.param("tenant", tenant).query(Long.class).single());
	}
}
