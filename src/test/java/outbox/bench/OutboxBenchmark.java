package outbox.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import outbox.Delivery;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.RunFinished;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageReminderDue;
import outbox.PublishOptions;
import outbox.catalog.CatalogEvent;
import outbox.OutboxEventHandler;
import outbox.OutboxPublisher;
import outbox.dispatch.Dispatcher;
import outbox.dispatch.OutboxProperties;
import platform.RuntimeRoles;
import platform.TenantTransactions;

/**
 * The outbox benchmark (see docs/benchmarks.md). It starts its own PostgreSQL 17 with durable
 * commits ({@code fsync=on}, {@code synchronous_commit=on}; the embedded default of the app and
 * the tests turns both off), boots only the outbox module with no-op handlers, warms up, and
 * then measures, each several times and reported as the median:
 * <ol>
 * <li>publish cost: the latency a publish adds to a small business transaction (p50/p99);</li>
 * <li>drain: 100k events of 10 tenants published while the dispatcher is stopped, then drained;</li>
 * <li>commit-to-handled latency (p50/p99) at a steady 500 events/s.</li>
 * </ol>
 * Run: {@code mvn -q -Pbenchmark test-compile exec:java}; knobs are system properties
 * ({@code -Dbench.runs=3 -Dbench.warmup=60 -Doutbox.batch-size=50 -Doutbox.dispatch-threads=4}).
 */
public final class OutboxBenchmark {

	static final int TENANTS = 10;
	static final EmployeeHired HIRED = new EmployeeHired(java.util.UUID.randomUUID(), "Bench Hire", null, "Bench", null,
			java.time.LocalDate.of(2030, 1, 15));

	private final ConfigurableApplicationContext context;
	private final TenantTransactions transactions;
	private final OutboxPublisher publisher;
	private final JdbcClient jdbc;
	private final JdbcClient owner;
	private final Dispatcher dispatcher;
	private final NoOpHandlers handlers;
	private final int runs = Integer.getInteger("bench.runs", 3);

	private OutboxBenchmark(ConfigurableApplicationContext context, JdbcClient owner) {
		this.context = context;
		this.transactions = context.getBean(TenantTransactions.class);
		this.publisher = context.getBean(OutboxPublisher.class);
		this.jdbc = context.getBean(JdbcClient.class);
		this.dispatcher = context.getBean(Dispatcher.class);
		this.handlers = context.getBean(NoOpHandlers.class);
		this.owner = owner;
	}

	public static void main(String[] args) throws Exception {
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder()
			.setServerConfig("fsync", "on")
			.setServerConfig("synchronous_commit", "on")
			.setServerConfig("full_page_writes", "on")
			.setServerConfig("max_connections", "300")
			.setServerConfig("shared_buffers", "128MB")
			.start()) {
			String url = "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres";
			JdbcClient owner = JdbcClient.create(postgres.getPostgresDatabase());
			ConfigurableApplicationContext context = new SpringApplicationBuilder(BenchApplication.class)
				.web(WebApplicationType.NONE)
				.run("--spring.datasource.url=" + url, "--spring.flyway.url=" + url, "--spring.flyway.user=postgres",
						"--spring.flyway.password=postgres", "--logging.level.root=WARN",
						"--logging.level.outbox=WARN", "--spring.main.banner-mode=off",
						// the readiness group names checks of modules this benchmark does not start
						"--management.endpoint.health.validate-group-membership=false");
			try {
				new OutboxBenchmark(context, owner).run();
			}
			finally {
				context.close();
			}
		}
		System.exit(0);
	}

	private void run() throws Exception {
		OutboxProperties properties = context.getBean(OutboxProperties.class);
		owner.sql("CREATE TABLE bench_business (id bigserial PRIMARY KEY, tenant_id text NOT NULL, note text)").update();
		owner.sql("GRANT SELECT, INSERT ON bench_business TO jml_app").update();
		owner.sql("GRANT USAGE ON SEQUENCE bench_business_id_seq TO jml_app").update();
		System.out.printf(Locale.ROOT, "PostgreSQL %s, fsync=%s, synchronous_commit=%s, wal_sync_method=%s%n",
				show("server_version"), show("fsync"), show("synchronous_commit"), show("wal_sync_method"));
		System.out.printf(Locale.ROOT, "Dispatcher: %d threads, batch %d; %d CPUs; load average %.2f; runs per measure %d%n",
				properties.dispatchThreads(), properties.batchSize(), Runtime.getRuntime().availableProcessors(),
				ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), runs);

		int warmup = Integer.getInteger("bench.warmup", 60);
		System.out.printf(Locale.ROOT, "Warming up for %d s (steady publishing and dispatching)...%n", warmup);
		steady(500, warmup);
		drain(20_000);
		cleanUp();

		List<double[]> isolatedCosts = new ArrayList<>();
		List<double[]> publishCosts = new ArrayList<>();
		List<Double> drains = new ArrayList<>();
		List<double[]> latencies = new ArrayList<>();
		for (int run = 1; run <= runs; run++) {
			dispatcher.stop();
			double[] isolated = publishCost(2_000);
			dispatcher.start();
			isolatedCosts.add(isolated);
			report(run, "dispatcher stopped", isolated);
			cleanUp();
			double[] cost = publishCost(2_000);
			publishCosts.add(cost);
			report(run, "dispatcher running", cost);
			double drain = drain(Integer.getInteger("bench.drain", 100_000));
			drains.add(drain);
			System.out.printf(Locale.ROOT, "run %d drain: %.0f events/s%n", run, drain);
			cleanUp();
			double[] latency = steady(Integer.getInteger("bench.rate", 500), Integer.getInteger("bench.steady", 30));
			latencies.add(latency);
			System.out.printf(Locale.ROOT, "run %d steady %d/s: commit-to-handled p50 %.1f ms p99 %.1f ms (%d events)%n",
					run, Integer.getInteger("bench.rate", 500), latency[0], latency[1], (long) latency[2]);
			cleanUp();
		}
		System.out.println();
		System.out.println("Medians over " + runs + " runs:");
		summarize("dispatcher stopped", isolatedCosts);
		summarize("dispatcher running", publishCosts);
		System.out.printf(Locale.ROOT, "  drain of %d events over %d tenants: %.0f events/s%n",
				Integer.getInteger("bench.drain", 100_000), TENANTS, median(drains.stream().mapToDouble(d -> d).toArray()));
		System.out.printf(Locale.ROOT, "  commit-to-handled at %d events/s: p50 %.1f ms, p99 %.1f ms%n",
				Integer.getInteger("bench.rate", 500), median(latencies.stream().mapToDouble(l -> l[0]).toArray()),
				median(latencies.stream().mapToDouble(l -> l[1]).toArray()));
	}

	private static void report(int run, String mode, double[] cost) {
		System.out.printf(Locale.ROOT,
				"run %d publish cost (%s): business tx alone p50 %.3f ms p99 %.3f ms; with one publish p50 %.3f ms p99 %.3f ms%n",
				run, mode, cost[0], cost[1], cost[2], cost[3]);
	}

	private static void summarize(String mode, List<double[]> costs) {
		System.out.printf(Locale.ROOT, "  publish cost added to a business transaction (%s): p50 %.3f ms, p99 %.3f ms "
				+ "(business transaction alone p50 %.3f / p99 %.3f ms, with one publish p50 %.3f / p99 %.3f ms)%n", mode,
				median(costs.stream().mapToDouble(c -> c[2]).toArray()) - median(costs.stream().mapToDouble(c -> c[0]).toArray()),
				median(costs.stream().mapToDouble(c -> c[3]).toArray()) - median(costs.stream().mapToDouble(c -> c[1]).toArray()),
				median(costs.stream().mapToDouble(c -> c[0]).toArray()), median(costs.stream().mapToDouble(c -> c[1]).toArray()),
				median(costs.stream().mapToDouble(c -> c[2]).toArray()), median(costs.stream().mapToDouble(c -> c[3]).toArray()));
	}

	/** Sequential business transactions (one insert) without and with one publish: p50/p99 of each in ms. */
	private double[] publishCost(int transactionsPerKind) {
		double[] without = new double[transactionsPerKind];
		double[] with = new double[transactionsPerKind];
		for (int i = 0; i < transactionsPerKind; i++) {
			String tenant = tenant(i);
			long start = System.nanoTime();
			transactions.runInTenant(tenant, () -> business(tenant));
			without[i] = (System.nanoTime() - start) / 1e6;
			String key = "cost-" + System.nanoTime();
			start = System.nanoTime();
			transactions.runInTenant(tenant, () -> {
				business(tenant);
				publisher.publish(HIRED, PublishOptions.idempotencyKey(key));
			});
			with[i] = (System.nanoTime() - start) / 1e6;
		}
		return new double[] { percentile(without, 50), percentile(without, 99), percentile(with, 50), percentile(with, 99) };
	}

	private void business(String tenant) {
		jdbc.sql("INSERT INTO bench_business (tenant_id, note) VALUES (:tenant, 'a business fact')")
			.param("tenant", tenant).update();
	}

	/** Publishes {@code count} events over the tenants with the dispatcher stopped, then times the drain. */
	private double drain(int count) throws Exception {
		dispatcher.stop();
		ExecutorService publishers = Executors.newFixedThreadPool(4);
		List<Future<?>> work = new ArrayList<>();
		int perTransaction = 500;
		for (int from = 0; from < count; from += perTransaction) {
			int start = from;
			int end = Math.min(count, from + perTransaction);
			String tenant = tenant(from / perTransaction);
			work.add(publishers.submit(() -> transactions.runInTenant(tenant, () -> {
				for (int i = start; i < end; i++) {
					publisher.publish(HIRED, PublishOptions.idempotencyKey("drain-" + System.nanoTime() + "-" + i));
				}
			})));
		}
		for (Future<?> future : work) {
			future.get();
		}
		publishers.shutdown();
		owner.sql("VACUUM ANALYZE outbox_events").update();
		long handledBefore = handlers.handled.get();
		long start = System.nanoTime();
		dispatcher.start();
		while (handlers.handled.get() - handledBefore < count) {
			Thread.sleep(5);
		}
		long undelivered;
		do {
			// the last completions commit right after the handlers return
			undelivered = owner.sql("SELECT count(*) FROM outbox_events WHERE status <> 'delivered'").query(Long.class).single();
		}
		while (undelivered > 0);
		return count / ((System.nanoTime() - start) / 1e9);
	}

	/** Publishes one event per transaction at {@code rate}/s for {@code seconds}; commit-to-handled p50/p99 in ms and the count. */
	private double[] steady(int rate, int seconds) throws Exception {
		handlers.handledAt.clear();
		Map<String, Long> committedAt = new ConcurrentHashMap<>();
		int total = rate * seconds;
		long interval = TimeUnit.SECONDS.toNanos(1) / rate;
		long begin = System.nanoTime();
		for (int i = 0; i < total; i++) {
			long due = begin + i * interval;
			long wait = due - System.nanoTime();
			if (wait > 0) {
				LockSupport.parkNanos(wait);
			}
			String tenant = tenant(i);
			String key = "steady-" + begin + "-" + i;
			transactions.runInTenant(tenant,
					() -> publisher.publish(HIRED, PublishOptions.idempotencyKey(key)));
			committedAt.put(key, System.nanoTime());
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!handlers.handledAt.keySet().containsAll(committedAt.keySet()) && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		double[] latencies = committedAt.entrySet().stream()
			.filter(entry -> handlers.handledAt.containsKey(entry.getKey()))
			.mapToDouble(entry -> Math.max(0, handlers.handledAt.get(entry.getKey()) - entry.getValue()) / 1e6)
			.toArray();
		if (latencies.length < total) {
			System.out.printf("WARNING: only %d of %d events handled within 30 s%n", latencies.length, total);
		}
		return new double[] { percentile(latencies, 50), percentile(latencies, 99), latencies.length };
	}

	/** Keeps every measurement on the same small table, as retention would in production. */
	private void cleanUp() {
		owner.sql("TRUNCATE outbox_events, outbox_attempts, bench_business").update();
		owner.sql("UPDATE outbox_dispatch_queue SET due_at = NULL").update();
		owner.sql("VACUUM ANALYZE").update();
		owner.sql("CHECKPOINT").update();
	}

	private String show(String setting) {
		return owner.sql("SELECT current_setting(:name)").param("name", setting).query(String.class).single();
	}

	private static String tenant(int i) {
		return "bench-" + (i % TENANTS);
	}

	static double percentile(double[] values, double percentile) {
		if (values.length == 0) {
			return Double.NaN;
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
		return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
	}

	static double median(double[] values) {
		return percentile(values, 50);
	}

	/** No-op handlers for the whole catalog that count and timestamp every delivery. */
	static final class NoOpHandlers {

		final AtomicLong handled = new AtomicLong();
		final Map<String, Long> handledAt = new ConcurrentHashMap<>();

		void handle(Delivery delivery) {
			handledAt.put(delivery.idempotencyKey(), System.nanoTime());
			handled.incrementAndGet();
		}
	}

	/**
	 * Only the outbox module (and the tenant unit of work it needs), not the whole application.
	 * Deliberately not a {@code @Configuration}: the test contexts scan the {@code outbox} package.
	 */
	@EnableAutoConfiguration
	@ComponentScan({ "outbox.store", "outbox.codec", "outbox.publish", "outbox.dispatch" })
	@Import(TenantTransactions.class)
	@EnableConfigurationProperties({ OutboxProperties.class, RuntimeRoles.class })
	static class BenchApplication {

		@Bean
		NoOpHandlers noOpHandlers() {
			return new NoOpHandlers();
		}

		@Bean
		OutboxEventHandler<EmployeeHired> employeeHired(NoOpHandlers handlers) {
			return handler(EmployeeHired.class, handlers);
		}

		@Bean
		OutboxEventHandler<EmployeeTransferred> employeeTransferred(NoOpHandlers handlers) {
			return handler(EmployeeTransferred.class, handlers);
		}

		@Bean
		OutboxEventHandler<EmployeeOffboarded> employeeOffboarded(NoOpHandlers handlers) {
			return handler(EmployeeOffboarded.class, handlers);
		}

		@Bean
		OutboxEventHandler<EmployeeRunRequested> employeeRunRequested(NoOpHandlers handlers) {
			return handler(EmployeeRunRequested.class, handlers);
		}

		@Bean
		OutboxEventHandler<RunFinished> runFinished(NoOpHandlers handlers) {
			return handler(RunFinished.class, handlers);
		}

		@Bean
		OutboxEventHandler<RunStartRequested> runStartRequested(NoOpHandlers handlers) {
			return handler(RunStartRequested.class, handlers);
		}

		@Bean
		OutboxEventHandler<StageReminderDue> stageReminderDue(NoOpHandlers handlers) {
			return handler(StageReminderDue.class, handlers);
		}

		private static <E extends CatalogEvent> OutboxEventHandler<E> handler(Class<E> type, NoOpHandlers handlers) {
			return new OutboxEventHandler<>() {
				@Override
				public Class<E> eventType() {
					return type;
				}

				@Override
				public void handle(E event, Delivery delivery) {
					handlers.handle(delivery);
				}
			};
		}
	}
}
