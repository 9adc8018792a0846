package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/**
 * The dispatcher leaves a suspended tenant's events pending (V251) and delivers them once the
 * tenant is resumed; another tenant's events go on meanwhile.
 */
@OutboxModuleTest
class SuspendedTenantDispatchTests {

	@Autowired
	HandlerScript script;

	@Autowired
	TestEvents events;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void aSuspendedTenantsEventsWaitUntilItIsResumed() {
		String suspended = TestEvents.newTenant("paused");
		String active = TestEvents.newTenant("running");
		transactions.runInTenant(suspended, () -> jdbc.sql("""
				INSERT INTO tenants (id, name, status, suspended_at) VALUES (:id, 'Paused', 'suspended', now())""")
			.param("id", suspended)
			.update());

		events.publish(suspended, EmployeeHired.TYPE, "held");
		events.publish(active, EmployeeHired.TYPE, "goes");

		await().atMost(DispatcherTests.DELIVERY).until(() -> events.status(active, "goes").equals("delivered"));
		// two poll intervals after the other tenant's delivery: every dispatcher has had rounds since
		await().during(DispatcherTests.POLL).atMost(DispatcherTests.POLL.plus(Duration.ofSeconds(2)))
			.until(() -> events.status(suspended, "held").equals("pending"));
		assertThat(script.deliveries(suspended, "held")).isZero();
		assertThat(events.state(suspended, "held").attempts()).isZero();

		transactions.runInTenant(suspended, () -> jdbc.sql("""
				UPDATE tenants SET status = 'active', suspended_at = NULL WHERE id = :id""")
			.param("id", suspended)
			.update());
		await().atMost(DispatcherTests.DELIVERY).until(() -> events.status(suspended, "held").equals("delivered"));
		assertThat(script.deliveries(suspended, "held")).isEqualTo(1);
	}
}
