package workflow.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;

/**
 * The inbox query and its capped count against the real projection: the count agrees with the
 * list and stops at the cap the nav badge asks for.
 */
@JmlHubIntegrationTest
class InboxQueryTests {

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	StageRepository stages;

	@Test
	void theCountAgreesWithTheListAndStopsAtTheCap() {
		for (int i = 0; i < 3; i++) {
			UUID employee = UUID.randomUUID();
			transactions.runInTenant("acme", () -> outbox.publish(new EmployeeHired(employee, "Inbox Count " + employee,
					"count-" + employee + "@acme.example", "Engineering", "manny", LocalDate.of(2030, 1, 15))));
		}
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				transactions.readInTenant("acme", () -> stages.inbox("manny", 10_000)).stream()
					.filter(item -> item.employeeName().startsWith("Inbox Count ")).count()).isGreaterThanOrEqualTo(3));

		int all = transactions.readInTenant("acme", () -> stages.inboxCount("manny", 10_000));
		assertThat(all).isEqualTo(transactions.readInTenant("acme", () -> stages.inbox("manny", 10_000)).size());
		assertThat(transactions.readInTenant("acme", () -> stages.inboxCount("manny", 2))).isEqualTo(2);
		assertThat(transactions.readInTenant("acme", () -> stages.inboxCount("ivan", 10_000)))
			.as("nothing of manny's waits on ivan").isEqualTo(transactions.readInTenant("acme", () -> stages.inbox("ivan", 10_000)).size());
	}
}
