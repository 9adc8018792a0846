package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.catalog.EmployeeOffboarded;
import outbox.store.OutboxEventRepository;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/** Rows stored by the first release under a former type key are still delivered, as today's record. */
@OutboxModuleTest
class StoredFormerEventsTests {

	@Autowired
	OutboxEventRepository events;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	HandlerScript script;

	@Autowired
	TestEvents testEvents;

	@Test
	void aStoredStatusChangedOffboardingReachesTheEmployeeOffboardedHandler() {
		String tenant = TestEvents.newTenant("former");
		UUID employee = UUID.randomUUID();
		String key = "hr.employee.status_changed:" + employee + ":offboarded";
		String stored = """
				{"employeeId":"%s","displayName":"Leo Leaver","email":"leo@acme.example","department":"Sales",
				 "manager":"manny","startDate":"2020-01-01","status":"offboarded","fromStatus":"active",
				 "lastDay":"2031-06-30"}""".formatted(employee);
		transactions.runInTenant(tenant, () -> events.insert(tenant, "hr.employee.status_changed",
				List.of("outbox"), Set.of(), employee, key, stored, 1, 5));

		await().atMost(Duration.ofSeconds(10)).until(() -> script.received(tenant, key).isPresent());
		assertThat(script.received(tenant, key)).contains(new EmployeeOffboarded(employee, "Leo Leaver",
				"leo@acme.example", "Sales", "manny", LocalDate.of(2031, 6, 30)));
		await().atMost(Duration.ofSeconds(10)).until(() -> testEvents.status(tenant, key).equals("delivered"));
	}

	@Test
	void aStoredPayloadThatNoLongerFitsIsDeadLetteredAtOnceWithTheReason() {
		String tenant = TestEvents.newTenant("misfit");
		String key = "misfit-" + UUID.randomUUID();
		transactions.runInTenant(tenant, () -> events.insert(tenant, EmployeeOffboarded.TYPE, List.of("outbox"), Set.of(), null,
				key, "{\"displayName\":\"No Id\"}", 1, 5));

		await().atMost(Duration.ofSeconds(10)).until(() -> testEvents.status(tenant, key).equals("failed"));
		assertThat(testEvents.state(tenant, key).attempts()).isOne();
		assertThat(testEvents.history(tenant, key).get(0).errorMessage()).contains("employeeId");
		assertThat(script.deliveries(tenant, key)).isZero();
	}
}
