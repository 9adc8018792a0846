package jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one tenant-batch shape every per-tenant job uses: a failure stays with its tenant or item. */
class TenantBatchJobTests {

	static final Instant NOW = Instant.parse("2026-03-02T09:00:00Z");
	final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
	final List<String> handled = new ArrayList<>();

	@AfterEach
	void clearInterrupt() {
		Thread.interrupted();
	}

	@Test
	void aTenantWhoseReadFailsIsSkippedAndTheOthersAreHandledAtTheSameNow() {
		List<Instant> seen = new ArrayList<>();
		TenantBatchJob job = TenantBatchJob.<String>eachItem("test_job", "handled {}", clock, now -> {
			seen.add(now);
			return List.of("acme", "broken", "globex");
		}, (tenant, now) -> {
			seen.add(now);
			if (tenant.equals("broken")) {
				throw new IllegalStateException("database hiccup");
			}
			return List.of(tenant + "-1", tenant + "-2");
		}, (tenant, item, now) -> handled.add(item));

		job.run();

		assertThat(handled).containsExactly("acme-1", "acme-2", "globex-1", "globex-2");
		assertThat(seen).containsOnly(NOW);
	}

	@Test
	void aFailingItemDoesNotBlockTheRestOfItsTenant() {
		TenantBatchJob job = TenantBatchJob.<String>eachItem("test_job", "handled {}", clock, now -> List.of("acme"),
				(tenant, now) -> List.of("a", "bad", "c"), (tenant, item, now) -> {
					if (item.equals("bad")) {
						throw new IllegalArgumentException("unreadable");
					}
					handled.add(item);
				});

		job.run();

		assertThat(handled).containsExactly("a", "c");
	}

	@Test
	void anInterruptStopsTheRoundBeforeTheNextItemAndTheNextTenant() {
		TenantBatchJob job = TenantBatchJob.<String>eachItem("test_job", "handled {}", clock, now -> List.of("acme", "globex"),
				(tenant, now) -> List.of(tenant + "-1", tenant + "-2"), (tenant, item, now) -> {
					handled.add(item);
					Thread.currentThread().interrupt();
				});

		job.run();

		assertThat(handled).containsExactly("acme-1");
	}

	@Test
	void perTenantWorkRunsForEachTenantAndAFailingTenantIsSkipped() {
		TenantBatchJob job = TenantBatchJob.perTenant("test_job", "handled {}", clock, now -> List.of("acme", "broken", "globex"),
				(tenant, now) -> {
					if (tenant.equals("broken")) {
						throw new IllegalStateException("database hiccup");
					}
					handled.add(tenant);
					return 1;
				});

		job.run();

		assertThat(handled).containsExactly("acme", "globex");
		assertThat(job.name()).isEqualTo("test_job");
	}
}
