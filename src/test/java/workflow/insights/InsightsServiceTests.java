package workflow.insights;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import platform.InsightsContributor;
import platform.TenantTransactions;
import platform.testing.MutableClock;
import workflow.insights.Insights.ApproverCount;

/** The dashboard is computed at most once per max-age and tenant, and once for concurrent viewers. */
class InsightsServiceTests {

	private final AtomicInteger computations = new AtomicInteger();
	private final MutableClock clock = new MutableClock(Instant.parse("2030-01-07T09:00:00Z"));
	private final DirectTransactions transactions = new DirectTransactions();
	private final InsightsService service = new InsightsService(transactions, new CountingRepository(),
			new RunHistoryCsv(), List.of(), clock, Duration.ofSeconds(60));

	@Test
	void aDashboardIsServedUntilItIsOlderThanItsMaxAge() {
		Insights first = service.insights("acme");
		clock.advance(Duration.ofSeconds(59));
		assertThat(service.insights("acme")).isSameAs(first);
		assertThat(computations).hasValue(1);

		clock.advance(Duration.ofSeconds(1));
		Insights second = service.insights("acme");
		assertThat(second).isNotSameAs(first);
		assertThat(second.at()).isEqualTo(Instant.parse("2030-01-07T09:01:00Z"));
		assertThat(computations).hasValue(2);
	}

	@Test
	void theOtherModulesSectionsAreAskedForTheTenantTheWindowAndTheMomentOfTheDashboard() {
		List<String> asked = new java.util.ArrayList<>();
		InsightsContributor.RequestInsights section = new InsightsContributor.RequestInsights("access", "Access requests",
				"Package", List.of(), new InsightsContributor.ItemFigures(null, "All packages", 0, 0, 0, 0, 0, 0, 0,
						new InsightsContributor.DecisionTimes(0, null, null)), 30, 0, List.of());
		InsightsService withSection = new InsightsService(transactions, new CountingRepository(), new RunHistoryCsv(),
				List.of((tenantId, since, now) -> {
					asked.add(tenantId + " " + since + " " + now);
					return section;
				}), clock, Duration.ofSeconds(60));
		Insights insights = withSection.insights("acme");
		assertThat(insights.requests()).containsExactly(section);
		// the weekly figures' window: the Monday eleven weeks before this one, at midnight UTC
		assertThat(insights.since()).isEqualTo(java.time.LocalDate.parse("2029-10-22"));
		assertThat(asked).containsExactly("acme 2029-10-22T00:00:00Z 2030-01-07T09:00:00Z");
	}

	@Test
	void eachTenantHasItsOwnDashboard() {
		Insights acme = service.insights("acme");
		Insights globex = service.insights("globex");
		assertThat(globex).isNotSameAs(acme);
		assertThat(globex.approvals()).extracting(ApproverCount::approver).containsExactly("globex");
		assertThat(computations).hasValue(2);
	}

	@Test
	void concurrentViewersShareOneComputation() throws Exception {
		ExecutorService viewers = Executors.newFixedThreadPool(8);
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<Insights>> views = IntStream.range(0, 8)
				.mapToObj(i -> viewers.submit(() -> {
					go.await();
					return service.insights("acme");
				}))
				.toList();
			go.countDown();
			for (Future<Insights> view : views) {
				assertThat(view.get(10, TimeUnit.SECONDS)).isSameAs(views.get(0).get());
			}
			assertThat(computations).hasValue(1);
		}
		finally {
			viewers.shutdownNow();
		}
	}

	/** Runs the work as it is: the repository below needs no database. */
	private static final class DirectTransactions extends TenantTransactions {

		private final ThreadLocal<String> tenant = new ThreadLocal<>();

		DirectTransactions() {
			super(null, null);
		}

		@Override
		public <T> T readInTenant(String tenantId, Supplier<T> work) {
			tenant.set(tenantId);
			try {
				return work.get();
			}
			finally {
				tenant.remove();
			}
		}

		@Override
		public String currentTenant() {
			return tenant.get();
		}
	}

	/** Counts dashboards computed; each takes a moment so concurrent viewers overlap. */
	private final class CountingRepository extends InsightsRepository {

		CountingRepository() {
			super(null);
		}

		@Override
		List<ApproverCount> approvals(int limit) {
			computations.incrementAndGet();
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			return List.of(new ApproverCount(transactions.currentTenant(), 1));
		}

		@Override
		List<Insights.WeeklyCount> weekly(Instant since) {
			return List.of();
		}

		@Override
		List<Insights.Durations> runDurations() {
			return List.of();
		}

		@Override
		List<Insights.Durations> stageDurations() {
			return List.of();
		}

		@Override
		List<Insights.SlaBreaches> slaBreaches(Instant now) {
			return List.of();
		}

		@Override
		List<Insights.OpenStage> openByStage() {
			return List.of();
		}
	}
}
