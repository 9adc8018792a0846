package outbox.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.UnexpectedRollbackException;

import outbox.EventTypes;
import outbox.InvalidEventException;
import outbox.OutboxEvent;
import outbox.OutboxPublisher;
import outbox.UnknownEventTypeException;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import platform.TenantTransactions;

/** The publish port against the real database: same transaction, idempotent, validated. */
@OutboxModuleTest
class TransactionalOutboxPublisherTests {

	@Autowired
	OutboxPublisher publisher;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	HandlerScript script;

	String tenant;

	@BeforeEach
	void newTenant() {
		tenant = "pub-" + UUID.randomUUID();
	}

	@Test
	void publishesWithDefaultsAndDeliversAfterCommit() {
		UUID employee = UUID.randomUUID();
		transactions.runInTenant(tenant, () -> publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, employee,
				"created:" + employee, Map.of("employeeId", employee.toString()))));

		var row = transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT aggregate_id, payload_version, max_attempts, payload->>'employeeId' FROM outbox_events
				WHERE idempotency_key = :key""").param("key", "created:" + employee)
			.query((rs, n) -> new Object[] { rs.getObject(1, UUID.class), rs.getInt(2), rs.getInt(3), rs.getString(4) })
			.single());
		assertThat(row).containsExactly(employee, 1, 5, employee.toString());
		await().atMost(Duration.ofSeconds(10)).until(() -> script.deliveries(tenant, "created:" + employee) == 1);
	}

	@Test
	void aReplayedPublishIsANoOp() {
		for (int i = 0; i < 3; i++) {
			int round = i;
			transactions.runInTenant(tenant, () -> publisher.publish(new OutboxEvent(EventTypes.HR_EMPLOYEE_CREATED, null,
					"replay", Map.of("round", round), 2, 3)));
		}
		assertThat(countEvents("replay")).isEqualTo(1);
		await().atMost(Duration.ofSeconds(10)).until(() -> status("replay").equals("delivered"));
		assertThat(script.deliveries(tenant, "replay")).isEqualTo(1);
		// the same key under another type is a different event
		transactions.runInTenant(tenant, () -> publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_TRANSFERRED, null,
				"replay", Map.of())));
		assertThat(countEvents("replay")).isEqualTo(2);
	}

	@Test
	void aRolledBackBusinessTransactionLeavesNoEvent() {
		assertThatThrownBy(() -> transactions.runInTenant(tenant, () -> {
			publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "rolled-back", Map.of()));
			throw new IllegalStateException("business rule failed after publishing");
		})).hasMessageContaining("business rule failed");
		assertThat(countEvents("rolled-back")).isZero();
	}

	@Test
	void nothingIsVisibleOrDispatchedBeforeCommit() throws Exception {
		CountDownLatch published = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		CompletableFuture<Void> business = CompletableFuture.runAsync(() -> transactions.runInTenant(tenant, () -> {
			publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "uncommitted", Map.of()));
			published.countDown();
			try {
				commit.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}));
		assertThat(published.await(10, TimeUnit.SECONDS)).isTrue();
		// give the dispatcher time to misbehave
		Thread.sleep(300);
		assertThat(countEvents("uncommitted")).isZero();
		assertThat(script.deliveries(tenant, "uncommitted")).isZero();

		commit.countDown();
		business.get(10, TimeUnit.SECONDS);
		await().atMost(Duration.ofSeconds(10)).until(() -> script.deliveries(tenant, "uncommitted") == 1);
	}

	@Test
	void publishingTransactionsOfOneTenantDoNotWaitForEachOther() throws Exception {
		// the tenant is known already (its first publish is the only one that inserts a queue row)
		transactions.runInTenant(tenant, () -> publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "first", Map.of())));
		CountDownLatch published = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		CompletableFuture<Void> open = CompletableFuture.runAsync(() -> transactions.runInTenant(tenant, () -> {
			publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "held-open", Map.of()));
			published.countDown();
			try {
				commit.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}));
		try {
			assertThat(published.await(10, TimeUnit.SECONDS)).isTrue();
			// while the first transaction still holds everything it took, others of the same tenant commit
			CompletableFuture<Void> others = CompletableFuture.runAsync(() -> {
				for (int i = 0; i < 5; i++) {
					String key = "beside-" + i;
					transactions.runInTenant(tenant, () -> publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED,
							null, key, Map.of())));
				}
			});
			others.get(3, TimeUnit.SECONDS);
			assertThat(open).isNotDone();
		}
		finally {
			commit.countDown();
		}
		open.get(10, TimeUnit.SECONDS);
		await().atMost(Duration.ofSeconds(10)).until(() -> script.deliveries(tenant, "held-open") == 1
				&& script.deliveries(tenant, "beside-4") == 1);
	}

	@Test
	void anUnknownTypeFailsTheWholeBusinessTransactionEvenWhenCaught() {
		assertThatThrownBy(() -> transactions.runInTenant(tenant, () -> {
			jdbc.sql("SELECT outbox_enqueue_tenant(:tenant)::text").param("tenant", tenant).query().singleValue();
			try {
				publisher.publish(OutboxEvent.of("hr.employee", null, "unknown", Map.of()));
			}
			catch (UnknownEventTypeException expected) {
				// a careless caller swallows it
			}
		})).isInstanceOf(UnexpectedRollbackException.class);
		assertThat(transactions.readInTenant(tenant,
				() -> jdbc.sql("SELECT count(*) FROM outbox_dispatch_queue").query(Long.class).single())).isZero();
	}

	@Test
	void rejectsMalformedEvents() {
		assertThatThrownBy(() -> publishAlone(OutboxEvent.of("HR.EMPLOYEE.CREATED", null, "k", Map.of())))
			.isInstanceOf(UnknownEventTypeException.class);
		assertThatThrownBy(() -> publishAlone(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "  ", Map.of())))
			.isInstanceOf(InvalidEventException.class).hasMessageContaining("idempotency key");
		assertThatThrownBy(() -> publishAlone(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, null, Map.of())))
			.isInstanceOf(InvalidEventException.class);
		assertThatThrownBy(() -> publishAlone(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "k", null)))
			.isInstanceOf(InvalidEventException.class).hasMessageContaining("payload");
		assertThatThrownBy(() -> publishAlone(new OutboxEvent(EventTypes.HR_EMPLOYEE_CREATED, null, "k", Map.of(), 0, null)))
			.isInstanceOf(InvalidEventException.class);
		Map<String, Object> unserialisable = new HashMap<>();
		unserialisable.put("self", unserialisable);
		assertThatThrownBy(() -> publishAlone(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "k", unserialisable)))
			.isInstanceOf(InvalidEventException.class);
		assertThat(countEvents("k")).isZero();
	}

	@Test
	void failsOutsideATenantUnitOfWork() {
		assertThatThrownBy(() -> publisher.publish(OutboxEvent.of(EventTypes.HR_EMPLOYEE_CREATED, null, "no-tx", Map.of())))
			.isInstanceOf(IllegalStateException.class);
	}

	private void publishAlone(OutboxEvent event) {
		transactions.runInTenant(tenant, () -> publisher.publish(event));
	}

	private long countEvents(String key) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM outbox_events WHERE idempotency_key = :key")
			.param("key", key).query(Long.class).single());
	}

	private String status(String key) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("SELECT status FROM outbox_events WHERE idempotency_key = :key")
			.param("key", key).query(String.class).single());
	}
}
