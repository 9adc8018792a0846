package outbox.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.UnexpectedRollbackException;

import outbox.InvalidEventException;
import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeTransferred;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.SampleEvents;
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
	void publishesTheRecordAsItsPayloadWithDefaultsAndDeliversAfterCommit() {
		UUID employee = UUID.randomUUID();
		EmployeeHired hired = new EmployeeHired(employee, "Ana Lima", "ana@acme.example", "Engineering", "manny",
				LocalDate.of(2030, 1, 15));
		transactions.runInTenant(tenant, () -> publisher.publish(hired));

		String key = EmployeeHired.TYPE + ":" + employee;
		var row = transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT event_type, aggregate_id, payload_version, max_attempts, payload->>'employeeId',
				    payload->>'startDate', payload->>'manager' FROM outbox_events
				WHERE idempotency_key = :key""").param("key", key)
			.query((rs, n) -> new Object[] { rs.getString(1), rs.getObject(2, UUID.class), rs.getInt(3), rs.getInt(4),
					rs.getString(5), rs.getString(6), rs.getString(7) })
			.single());
		assertThat(row).containsExactly(EmployeeHired.TYPE, employee, 1, 5, employee.toString(), "2030-01-15", "manny");
		await().atMost(Duration.ofSeconds(10)).until(() -> script.deliveries(tenant, key) == 1);
	}

	@Test
	void aReplayedPublishIsANoOp() {
		for (int i = 0; i < 3; i++) {
			transactions.runInTenant(tenant,
					() -> publisher.publish(SampleEvents.hired(), new PublishOptions(3, "replay")));
		}
		assertThat(countEvents("replay")).isEqualTo(1);
		await().atMost(Duration.ofSeconds(10)).until(() -> status("replay").equals("delivered"));
		assertThat(script.deliveries(tenant, "replay")).isEqualTo(1);
		// the same key under another type is a different event
		transactions.runInTenant(tenant, () -> publisher.publish(SampleEvents.of(EmployeeTransferred.TYPE),
				PublishOptions.idempotencyKey("replay")));
		assertThat(countEvents("replay")).isEqualTo(2);
	}

	@Test
	void aBatchIsPublishedInOneGoEachEventOnceAndDelivered() {
		UUID first = UUID.randomUUID();
		UUID second = UUID.randomUUID();
		EmployeeHired one = new EmployeeHired(first, "Ana Lima", "ana@acme.example", "Engineering", "manny",
				LocalDate.of(2030, 1, 15));
		EmployeeHired two = new EmployeeHired(second, "Bo Berg", "bo@acme.example", "Sales", "manny",
				LocalDate.of(2030, 2, 1));
		// the same event twice in a batch, and the batch replayed: one row each
		transactions.runInTenant(tenant, () -> publisher.publishAll(java.util.List.of(one, two, one)));
		transactions.runInTenant(tenant, () -> publisher.publishAll(java.util.List.of(two)));
		String firstKey = EmployeeHired.TYPE + ":" + first;
		String secondKey = EmployeeHired.TYPE + ":" + second;
		assertThat(countEvents(firstKey)).isEqualTo(1);
		assertThat(countEvents(secondKey)).isEqualTo(1);
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT payload->>'department' || ' ' || payload_version || ' ' || max_attempts FROM outbox_events
				WHERE idempotency_key = :key""").param("key", secondKey).query(String.class).single()))
			.isEqualTo("Sales 1 5");
		await().atMost(Duration.ofSeconds(10))
			.until(() -> script.deliveries(tenant, firstKey) == 1 && script.deliveries(tenant, secondKey) == 1);
	}

	@Test
	void aRolledBackBusinessTransactionLeavesNoEvent() {
		assertThatThrownBy(() -> transactions.runInTenant(tenant, () -> {
			publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("rolled-back"));
			throw new IllegalStateException("business rule failed after publishing");
		})).hasMessageContaining("business rule failed");
		assertThat(countEvents("rolled-back")).isZero();
	}

	@Test
	void nothingIsVisibleOrDispatchedBeforeCommit() throws Exception {
		CountDownLatch published = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		CompletableFuture<Void> business = CompletableFuture.runAsync(() -> transactions.runInTenant(tenant, () -> {
			publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("uncommitted"));
			published.countDown();
			try {
				commit.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}));
		assertThat(published.await(10, TimeUnit.SECONDS)).isTrue();
		// give a dispatcher that could see uncommitted rows time to misbehave
		Thread.sleep(300);
		assertThat(countEvents("uncommitted")).isZero();
		assertThat(script.deliveries(tenant, "uncommitted")).isZero();

		commit.countDown();
		business.get(10, TimeUnit.SECONDS);
		await().atMost(Duration.ofSeconds(10)).until(() -> script.deliveries(tenant, "uncommitted") == 1);
	}

	@Test
	void aRejectedEventFailsTheWholeBusinessTransactionEvenWhenCaught() {
		assertThatThrownBy(() -> transactions.runInTenant(tenant, () -> {
			publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey("valid-before-rejected"));
			try {
				publisher.publish(SampleEvents.hired(), PublishOptions.idempotencyKey(" "));
			}
			catch (InvalidEventException expected) {
				// a careless caller swallows it
			}
		})).isInstanceOf(UnexpectedRollbackException.class);
		assertThat(countEvents("valid-before-rejected")).isZero();
	}

	@Test
	void rejectsEventsThatCannotBePublished() {
		assertThatThrownBy(() -> publishAlone(null, PublishOptions.DEFAULTS))
			.isInstanceOf(InvalidEventException.class).hasMessageContaining("null");
		assertThatThrownBy(() -> publishAlone(SampleEvents.hired(), PublishOptions.idempotencyKey("  ")))
			.isInstanceOf(InvalidEventException.class).hasMessageContaining("idempotency key");
		assertThatThrownBy(() -> publishAlone(SampleEvents.hired(), PublishOptions.idempotencyKey("k".repeat(401))))
			.isInstanceOf(InvalidEventException.class).hasMessageContaining("longer than 400");
		assertThatThrownBy(() -> publishAlone(SampleEvents.hired(), new PublishOptions(0, "k")))
			.isInstanceOf(InvalidEventException.class).hasMessageContaining("attempts");
		assertThat(countEvents("k")).isZero();
	}

	@Test
	void aCatalogRecordCannotBeBuiltWithoutItsRequiredFields() {
		assertThatThrownBy(() -> new EmployeeHired(null, "Ana", null, null, null, LocalDate.of(2030, 1, 1)))
			.hasMessageContaining("employeeId");
		assertThatThrownBy(() -> new EmployeeHired(UUID.randomUUID(), " ", null, null, null, LocalDate.of(2030, 1, 1)))
			.hasMessageContaining("displayName");
	}

	@Test
	void failsOutsideATenantUnitOfWork() {
		assertThatThrownBy(() -> publisher.publish(SampleEvents.hired()))
			.isInstanceOf(IllegalStateException.class);
	}

	private void publishAlone(CatalogEvent event, PublishOptions options) {
		transactions.runInTenant(tenant, () -> publisher.publish(event, options));
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
