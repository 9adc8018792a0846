package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import outbox.store.ClaimedEvent;

/** How a claimed batch is cut into per-tenant groups. */
class DispatchGroupsTests {

	@Test
	void groupsHoldOneTenantEachInClaimOrderAndTakeTheTenantsInTurn() {
		List<ClaimedEvent> claimed = IntStream.range(0, 25)
			.mapToObj(i -> event(i < 22 ? "big" : "small-" + i, i))
			.toList();

		List<List<ClaimedEvent>> groups = DispatchRound.groupsByTenant(claimed, 10);

		assertThat(groups).extracting(group -> group.get(0).tenantId() + "x" + group.size())
			.containsExactly("bigx10", "small-22x1", "small-23x1", "small-24x1", "bigx10", "bigx2");
		assertThat(groups).allMatch(group -> group.stream().map(ClaimedEvent::tenantId).distinct().count() == 1);
		assertThat(groups.stream().flatMap(List::stream).filter(e -> e.tenantId().equals("big")).map(ClaimedEvent::idempotencyKey))
			.containsExactlyElementsOf(IntStream.range(0, 22).mapToObj(i -> "k" + i).toList());
	}

	private static ClaimedEvent event(String tenant, int i) {
		return new ClaimedEvent(UUID.randomUUID(), tenant, "hr.employee.created", null, "k" + i, 1, "{}", 1, 5, 0, "outbox");
	}
}
