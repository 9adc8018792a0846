package workflow.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.InboxItem;

/**
 * The inbox query and its capped count against the real projection: the count agrees with the
 * list and stops at the cap the nav badge asks for; keyset pages add up to the list; a bulk
 * approval's lookup by stage ids finds only what awaits the user.
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
				transactions.readInTenant("acme", () -> stages.inbox("manny", null, 10_000)).stream()
					.filter(item -> item.employeeName().startsWith("Inbox Count ")).count()).isGreaterThanOrEqualTo(3));

		int all = transactions.readInTenant("acme", () -> stages.inboxCount("manny", 10_000));
		assertThat(all).isEqualTo(transactions.readInTenant("acme", () -> stages.inbox("manny", null, 10_000)).size());
		assertThat(transactions.readInTenant("acme", () -> stages.inboxCount("manny", 2))).isEqualTo(2);
		assertThat(transactions.readInTenant("acme", () -> stages.inboxCount("ivan", 10_000)))
			.as("nothing of manny's waits on ivan").isEqualTo(transactions.readInTenant("acme", () -> stages.inbox("ivan", null, 10_000)).size());

		// keyset pages of two, oldest first, add up to the whole list without a gap or a repeat
		List<InboxItem> whole = transactions.readInTenant("acme", () -> stages.inbox("manny", null, 10_000));
		List<InboxItem> paged = new ArrayList<>();
		InboxCursor after = null;
		while (true) {
			InboxCursor position = after;
			List<InboxItem> page = transactions.readInTenant("acme", () -> stages.inbox("manny", position, 2));
			paged.addAll(page);
			if (page.size() < 2) {
				break;
			}
			after = InboxCursor.decode(InboxCursor.of(page.get(1)).encode());
		}
		assertThat(paged).extracting(InboxItem::stageId).containsExactlyElementsOf(whole.stream().map(InboxItem::stageId).toList());

		// a bulk approval looks its selection up: only what awaits that user, whatever else was sent
		List<UUID> selected = List.of(whole.get(0).stageId(), whole.get(whole.size() - 1).stageId(), UUID.randomUUID());
		assertThat(transactions.readInTenant("acme", () -> stages.inboxItems("manny", selected))).extracting(InboxItem::stageId)
			.containsExactlyInAnyOrder(selected.get(0), selected.get(1));
		assertThat(transactions.readInTenant("acme", () -> stages.inboxItems("ivan", selected))).isEmpty();
	}
}
