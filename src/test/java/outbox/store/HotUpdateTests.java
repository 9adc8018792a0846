package outbox.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.PublishOptions;
import outbox.OutboxPublisher;
import outbox.dispatch.Dispatcher;
import outbox.testing.SampleEvents;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/** The heartbeat's lease renewal changes no indexed column, so PostgreSQL updates the rows in place (HOT). */
@OutboxModuleTest
class HotUpdateTests {

	@Autowired
	Dispatcher dispatcher;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	OutboxPublisher publisher;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void leaseRenewalsAreHotUpdates() {
		String tenant = TestEvents.newTenant("hot");
		UUID token = UUID.randomUUID();
		dispatcher.stop();
		try {
			transactions.runInTenant(tenant, () -> IntStream.range(0, 20).forEach(i -> publisher
				.publish(SampleEvents.of(EmployeeHired.TYPE), PublishOptions.idempotencyKey("hot-" + i))));
			List<ClaimedEvent> claimed = transactions.inTenant(tenant,
					() -> events.claim(tenant, token, "hot-test", Duration.ofSeconds(30), 20));
			assertThat(claimed).hasSize(20);
			// pg_stat_xact_* counts this backend's row operations not yet reported, so the difference
			// around the renewal is exactly what the renewal did
			long[] counts = transactions.inTenant(tenant, () -> {
				long[] before = updates();
				int renewed = events.renewLeases(token, Duration.ofSeconds(30));
				long[] after = updates();
				return new long[] { renewed, after[0] - before[0], after[1] - before[1] };
			});
			assertThat(counts[0]).isEqualTo(20);
			assertThat(counts[1]).isEqualTo(20);
			// HOT also needs room on the row's page (fillfactor 80); with lease_until indexed it would be none
			assertThat(counts[2]).as("HOT updates among the 20 renewals").isGreaterThanOrEqualTo(15);
			transactions.inTenant(tenant, () -> events.releaseClaim(token));
		}
		finally {
			dispatcher.start();
		}
	}

	private long[] updates() {
		return jdbc.sql("SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = 'outbox_events'")
			.query((rs, row) -> new long[] { rs.getLong(1), rs.getLong(2) })
			.single();
	}
}
