package bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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

import org.springframework.jdbc.core.simple.JdbcClient;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Our outbox and Spring Modulith's JDBC event publication registry, side by side in one run, on
 * one durable PostgreSQL (see docs/benchmarks.md). Every measurement runs {@code bench.runs}
 * times per subject, alternating, and the summary prints medians and ours/peer ratios.
 * Run: {@code mvn -q -Pbenchmark test-compile exec:java}.
 */
public final class PeerComparison {

	private final JdbcClient owner;
	private final int runs = Integer.getInteger("bench.runs", 3);
	private final int closedSeconds = Integer.getInteger("bench.closed", 20);
	private final int rate = Integer.getInteger("bench.rate", 500);
	private final int fixedSeconds = Integer.getInteger("bench.fixed", 30);
	private final int drainEvents = Integer.getInteger("bench.drain", 100_000);
	/** The peer recovers a few hundred events per second: a smaller backlog keeps a run within minutes. */
	private final int peerDrainEvents = Integer.getInteger("bench.peerDrain", 10_000);
	private final int warmup = Integer.getInteger("bench.warmup", 60);
	/** measure → subject → one value (or an array) per run */
	private final Map<String, Map<String, List<double[]>>> results = new LinkedHashMap<>();

	private PeerComparison(JdbcClient owner) {
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
			new PeerComparison(owner).run(url);
		}
		System.exit(0);
	}

	private void run(String url) throws Exception {
		System.out.printf(Locale.ROOT, "PostgreSQL %s: fsync=%s synchronous_commit=%s full_page_writes=%s wal_sync_method=%s%n",
				show("server_version"), show("fsync"), show("synchronous_commit"), show("full_page_writes"),
				show("wal_sync_method"));
		System.out.printf(Locale.ROOT, "%d CPUs, load average %.2f, JVM %s %s, max heap %d MB, runs %d%n",
				Runtime.getRuntime().availableProcessors(), load(), System.getProperty("java.version"),
				ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().maxMemory() >> 20, runs);
		try (OursSubject ours = new OursSubject(url, owner); PeerSubject peer = new PeerSubject(url, owner)) {
			owner.sql("CREATE TABLE IF NOT EXISTS bench_business (id bigserial PRIMARY KEY, tenant_id text NOT NULL, note text)").update();
			owner.sql("GRANT SELECT, INSERT ON bench_business TO jml_app").update();
			owner.sql("GRANT USAGE ON SEQUENCE bench_business_id_seq TO jml_app").update();
			System.out.printf(Locale.ROOT, "ours: %d dispatch threads, batch %d; peer: %d listener threads; pool %s%n",
					ours.properties().dispatchThreads(), ours.properties().batchSize(), 8, "20 connections each");
			for (Subject subject : List.of(ours, peer)) {
				System.out.printf(Locale.ROOT, "warming up %s for %d s...%n", subject.name(), warmup);
				fixedRate(subject, rate, warmup, 1);
				clean(subject);
			}
			for (int run = 1; run <= runs; run++) {
				System.out.printf(Locale.ROOT, "%n== run %d (load %.2f)%n", run, load());
				for (int producers : new int[] { 4, 16 }) {
					for (int tenants : new int[] { 1, 10 }) {
						record("closed P=" + producers + " T=" + tenants, ours, () -> closedLoop(ours, producers, tenants));
						record("closed P=" + producers + " T=" + tenants, peer, () -> closedLoop(peer, producers, tenants));
					}
				}
				record("fixed " + rate + "/s T=1", ours, () -> fixedRate(ours, rate, fixedSeconds, 1));
				record("fixed " + rate + "/s T=1", peer, () -> fixedRate(peer, rate, fixedSeconds, 1));
				record("fixed " + rate + "/s T=10", ours, () -> fixedRate(ours, rate, fixedSeconds, 10));
				for (int tenants : new int[] { 1, 10 }) {
					record("drain T=" + tenants, ours, () -> drain(ours, drainEvents, tenants, false));
					record("drain T=" + tenants, peer, () -> drain(peer, peerDrainEvents, tenants, false));
				}
				for (int tenants : new int[] { 1, 10 }) {
					int count = tenants;
					record("drain T=" + tenants, "raw", () -> rawDrain(ours, url, drainEvents, count));
				}
				record("drain T=1, REPEATABLE READ snapshot held", ours,
						() -> drain(ours, drainEvents, 1, true));
				record("fairness: 9 trickle tenants alone", ours, () -> trickle(ours, 0, true));
				record("fairness: 50k backlog tenant alone", ours, () -> trickle(ours, 50_000, false));
				record("fairness: 9 trickle tenants + 50k backlog tenant", ours, () -> trickle(ours, 50_000, true));
			}
		}
		System.out.printf(Locale.ROOT, "%nload average at the end %.2f%n", load());
		summary();
	}

	/** P producers, each {insert; publish} per transaction, for the window: handled/s, published/s, p50/p99, backlog. */
	private double[] closedLoop(Subject subject, int producers, int tenants) throws Exception {
		Map<String, Long> committed = new ConcurrentHashMap<>();
		AtomicLong published = new AtomicLong();
		long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(closedSeconds);
		ExecutorService pool = Executors.newFixedThreadPool(producers);
		List<Future<?>> work = new ArrayList<>();
		long start = System.nanoTime();
		for (int p = 0; p < producers; p++) {
			int producer = p;
			work.add(pool.submit(() -> {
				for (int i = 0; System.nanoTime() < end; i++) {
					String key = "c" + producer + "-" + i + "-" + start;
					subject.transaction("bench-" + (i % tenants), key, 1);
					committed.put(key, System.nanoTime());
					published.incrementAndGet();
				}
				return null;
			}));
		}
		for (Future<?> future : work) {
			future.get();
		}
		pool.shutdown();
		double seconds = (System.nanoTime() - start) / 1e9;
		long handledInWindow = subject.handled.get();
		long inMemory = subject.queuedInMemory();
		long backlog = published.get() - handledInWindow;
		awaitHandled(subject, committed.keySet().size(), 120);
		double[] latency = latencies(subject, committed);
		System.out.printf(Locale.ROOT,
				"  %-8s closed P=%d T=%d: handled %.0f/s of %.0f/s published; p50 %.1f ms p99 %.1f ms; behind at stop %d (in JVM memory %d)%n",
				subject.name(), producers, tenants, handledInWindow / seconds, published.get() / seconds, latency[0], latency[1],
				backlog, inMemory);
		clean(subject);
		return new double[] { handledInWindow / seconds, published.get() / seconds, latency[0], latency[1], backlog, inMemory };
	}

	/** One event per transaction at a fixed rate: commit-to-handled p50/p99. */
	private double[] fixedRate(Subject subject, int perSecond, int seconds, int tenants) throws Exception {
		Map<String, Long> committed = new ConcurrentHashMap<>();
		long interval = TimeUnit.SECONDS.toNanos(1) / perSecond;
		long begin = System.nanoTime();
		int total = perSecond * seconds;
		for (int i = 0; i < total; i++) {
			long wait = begin + i * interval - System.nanoTime();
			if (wait > 0) {
				LockSupport.parkNanos(wait);
			}
			String key = "f" + begin + "-" + i;
			subject.transaction("bench-" + (i % tenants), key, 1);
			committed.put(key, System.nanoTime());
		}
		awaitHandled(subject, total, 60);
		double[] latency = latencies(subject, committed);
		System.out.printf(Locale.ROOT, "  %-8s fixed %d/s T=%d: p50 %.1f ms p99 %.1f ms%n", subject.name(), perSecond, tenants,
				latency[0], latency[1]);
		clean(subject);
		return latency;
	}

	/**
	 * Restart recovery: {@code count} events published while delivery is paused (ours: dispatcher
	 * stopped; the peer: its listener fails, so every publication stays incomplete), then resumed
	 * (ours: the dispatcher's start; the peer: resubmission of incomplete publications, what its
	 * republish-on-restart does): events/s and peak heap.
	 */
	private double[] drain(Subject subject, int count, int tenants, boolean holdSnapshot) throws Exception {
		subject.pause();
		ExecutorService publishers = Executors.newFixedThreadPool(4);
		List<Future<?>> work = new ArrayList<>();
		int perTransaction = 500;
		for (int from = 0; from < count; from += perTransaction) {
			int batch = from / perTransaction;
			work.add(publishers.submit(() -> subject.transaction("bench-" + (batch % tenants), "d" + batch + "-" + System.nanoTime(),
					perTransaction)));
		}
		for (Future<?> future : work) {
			future.get();
		}
		publishers.shutdown();
		while (subject.undelivered() < count || subject.queuedInMemory() > 0) {
			Thread.sleep(50);
		}
		owner.sql("VACUUM ANALYZE").update();
		subject.reset();
		resetPeakHeap();
		Connection snapshot = holdSnapshot ? openSnapshot() : null;
		long deadBefore = deadTuples();
		long start = System.nanoTime();
		subject.resume();
		awaitHandled(subject, count, 600);
		while (subject.undelivered() > 0) {
			Thread.sleep(5);
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		long deadGrowth = deadTuples() - deadBefore;
		if (snapshot != null) {
			snapshot.rollback();
			snapshot.close();
		}
		double rate = count / seconds;
		System.out.printf(Locale.ROOT, "  %-8s drain %d T=%d%s: %.0f events/s, peak heap %d MB, dead tuples +%d%n", subject.name(),
				count, tenants, holdSnapshot ? " (snapshot held)" : "", rate, peakHeapMb(), deadGrowth);
		clean(subject);
		return new double[] { rate, peakHeapMb(), deadGrowth };
	}

	/**
	 * Nine tenants at 20 events/s each for the drain of a backlog tenant (or 10 s): trickle p99 and
	 * the big tenant's rate. Without {@code trickling} it is the same drain alone, prepared the same
	 * way (no vacuum after the backlog is written), so that the big tenant's rate has a baseline.
	 */
	private double[] trickle(OursSubject ours, int backlog, boolean trickling) throws Exception {
		if (backlog > 0) {
			ours.pause();
			for (int from = 0; from < backlog; from += 500) {
				ours.transaction("bench-big", "big-" + from, 500);
			}
		}
		ours.reset();
		Map<String, Long> committed = new ConcurrentHashMap<>();
		long start = System.nanoTime();
		if (backlog > 0) {
			ours.resume();
		}
		long interval = TimeUnit.SECONDS.toNanos(1) / 180;
		double bigSeconds = Double.NaN;
		for (int i = 0; backlog > 0 ? Double.isNaN(bigSeconds) : System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10); i++) {
			long wait = start + i * interval - System.nanoTime();
			if (wait > 0) {
				LockSupport.parkNanos(wait);
			}
			if (trickling) {
				String key = "t" + start + "-" + i;
				ours.transaction("bench-trickle-" + (i % 9), key, 1);
				committed.put(key, System.nanoTime());
			}
			if (backlog > 0 && i % 10 == 0 && ours.handled.get() - trickleHandled(ours, committed) >= backlog) {
				bigSeconds = (System.nanoTime() - start) / 1e9;
			}
		}
		awaitHandled(ours, backlog + committed.size(), 120);
		double[] latency = trickling ? latencies(ours, committed) : new double[] { Double.NaN, Double.NaN };
		double bigRate = backlog / bigSeconds;
		System.out.printf(Locale.ROOT, "  %-8s %s (backlog %d): trickle p50 %.1f ms p99 %.1f ms; backlog tenant %.0f events/s%n",
				ours.name(), trickling ? "trickle" : "no trickle", backlog, latency[0], latency[1],
				backlog > 0 ? bigRate : Double.NaN);
		clean(ours);
		return new double[] { latency[0], latency[1], backlog > 0 ? bigRate : Double.NaN };
	}

	/** How many of the trickle events were handled (the rest of {@code handled} is the backlog). */
	private static long trickleHandled(Subject subject, Map<String, Long> committed) {
		return committed.keySet().stream().filter(subject.handledAt::containsKey).count();
	}

	private void record(String measure, Subject subject, Callable work) throws Exception {
		record(measure, subject.name(), work);
	}

	private void record(String measure, String subject, Callable work) throws Exception {
		if (!measure.contains(System.getProperty("bench.only", ""))) {
			return;
		}
		double[] values = work.call();
		if (values != null) {
			results.computeIfAbsent(measure, m -> new LinkedHashMap<>()).computeIfAbsent(subject, s -> new ArrayList<>())
				.add(values);
		}
	}

	/**
	 * The ceiling of our drain: the dispatcher's own statements (claim a batch of 50, grown to a
	 * group of ten per due tenant, with {@code outbox_claim_due}, then per tenant one transaction
	 * that sets the tenant and marks its events delivered, as the runtime role under row-level security) sent by pgbench with as many
	 * clients as dispatch threads, no Java in between. Null (not recorded) without pgbench.
	 */
	private double[] rawDrain(OursSubject ours, String url, int count, int tenants) throws Exception {
		Path pgbench = pgbench();
		if (pgbench == null) {
			System.out.println("  raw      drain: skipped, no pgbench (apt-get install postgresql-client, or -Dbench.pgbench=<path>)");
			return null;
		}
		ours.pause();
		ExecutorService publishers = Executors.newFixedThreadPool(4);
		List<Future<?>> work = new ArrayList<>();
		for (int from = 0; from < count; from += 500) {
			int batch = from / 500;
			work.add(publishers.submit(() -> ours.transaction("bench-" + (batch % tenants), "r" + batch + "-" + System.nanoTime(), 500)));
		}
		for (Future<?> future : work) {
			future.get();
		}
		publishers.shutdown();
		owner.sql("VACUUM ANALYZE").update();
		StringBuilder script = new StringBuilder("""
				SELECT gen_random_uuid() AS tok \\gset
				SELECT count(*) AS claimed FROM outbox_claim_due(':tok', 'pgbench', interval '30 seconds', 50, 10) \\gset
				""");
		for (int tenant = 0; tenant < tenants; tenant++) {
			script.append("BEGIN;\nSELECT set_config('app.tenant_id', 'bench-").append(tenant).append("', true);\n")
				.append("UPDATE outbox_events SET status = 'delivered', delivered_at = now(), claim_token = NULL, lease_until = NULL")
				.append(" WHERE claim_token = ':tok' AND status = 'processing';\nCOMMIT;\n");
		}
		Path file = Files.createTempFile("raw-drain", ".sql");
		Files.writeString(file, script);
		int threads = ours.properties().dispatchThreads();
		ProcessBuilder builder = new ProcessBuilder(pgbench.toString(), "-n", "-M", "simple", "-c", String.valueOf(threads),
				"-j", String.valueOf(threads), "-T", "600", "-f", file.toString(), "-h", "localhost", "-p", port(url), "-U",
				"jml_app", "postgres").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().put("PGPASSWORD", "jml_app");
		long start = System.nanoTime();
		Process process = builder.start();
		while (ours.undelivered() > 0 && process.isAlive()) {
			Thread.sleep(5);
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		boolean drained = ours.undelivered() == 0;
		process.destroy();
		process.waitFor();
		Files.delete(file);
		double rate = count / seconds;
		System.out.printf(Locale.ROOT, "  %-8s drain %d T=%d: %.0f events/s%s%n", "raw", count, tenants, rate,
				drained ? "" : " (pgbench stopped before the backlog was drained)");
		ours.truncate();
		ours.reset();
		ours.resume();
		owner.sql("VACUUM ANALYZE").update();
		owner.sql("CHECKPOINT").update();
		return drained ? new double[] { rate } : null;
	}

	private static Path pgbench() throws Exception {
		String configured = System.getProperty("bench.pgbench");
		if (configured != null) {
			return Path.of(configured);
		}
		for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
			if (Files.isExecutable(Path.of(dir, "pgbench"))) {
				return Path.of(dir, "pgbench");
			}
		}
		try (var versions = Files.list(Path.of("/usr/lib/postgresql"))) {
			return versions.map(version -> version.resolve("bin/pgbench")).filter(Files::isExecutable).findFirst().orElse(null);
		}
		catch (java.nio.file.NoSuchFileException e) {
			return null;
		}
	}

	private static String port(String url) {
		return url.replaceAll(".*localhost:(\\d+)/.*", "$1");
	}

	/** A measurement. */
	@FunctionalInterface
	private interface Callable {
		double[] call() throws Exception;
	}

	private void summary() {
		System.out.println();
		System.out.println("Medians over " + runs + " runs (closed: handled/s, published/s, p50 ms, p99 ms, behind at stop, in JVM memory;"
				+ " fixed and trickle: p50 ms, p99 ms[, backlog tenant events/s]; drain: events/s, peak heap MB, dead tuples)");
		for (Map.Entry<String, Map<String, List<double[]>>> measure : results.entrySet()) {
			Map<String, double[]> medians = new LinkedHashMap<>();
			measure.getValue().forEach((subject, values) -> medians.put(subject, medians(values)));
			StringBuilder line = new StringBuilder("  " + measure.getKey() + ":");
			medians.forEach((subject, values) -> line.append(String.format(Locale.ROOT, "  %s %s", subject, format(values))));
			if (medians.containsKey("ours") && medians.containsKey("modulith")) {
				// throughput measures compare column 0 (higher is better); latency measures their p99 (lower is better)
				int column = measure.getKey().startsWith("fixed") ? 1 : 0;
				line.append(String.format(Locale.ROOT, "  ours/peer %s %.2fx", column == 0 ? "rate" : "p99",
						medians.get("ours")[column] / medians.get("modulith")[column]));
			}
			System.out.println(line);
		}
	}

	private static double[] medians(List<double[]> values) {
		double[] medians = new double[values.get(0).length];
		for (int i = 0; i < medians.length; i++) {
			int column = i;
			medians[i] = median(values.stream().mapToDouble(v -> v[column]).toArray());
		}
		return medians;
	}

	private static String format(double[] values) {
		return Arrays.stream(values).mapToObj(v -> String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v))
			.reduce((a, b) -> a + " / " + b).orElse("");
	}

	private static void awaitHandled(Subject subject, long count, int maxSeconds) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxSeconds);
		while (subject.handled.get() < count && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		if (subject.handled.get() < count) {
			System.out.printf("  WARNING: %s handled only %d of %d within %d s%n", subject.name(), subject.handled.get(), count,
					maxSeconds);
		}
	}

	private static double[] latencies(Subject subject, Map<String, Long> committed) {
		double[] millis = committed.entrySet().stream()
			.filter(entry -> subject.handledAt.containsKey(entry.getKey()))
			.mapToDouble(entry -> Math.max(0, subject.handledAt.get(entry.getKey()) - entry.getValue()) / 1e6)
			.toArray();
		return new double[] { percentile(millis, 50), percentile(millis, 99) };
	}

	private void clean(Subject subject) throws InterruptedException {
		while (subject.undelivered() > 0 || subject.queuedInMemory() > 0) {
			Thread.sleep(10);
		}
		subject.truncate();
		subject.reset();
		owner.sql("VACUUM ANALYZE").update();
		owner.sql("CHECKPOINT").update();
	}

	private Connection openSnapshot() throws Exception {
		Connection connection = java.sql.DriverManager.getConnection(urlOf(), "postgres", "postgres");
		connection.setAutoCommit(false);
		connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
		try (var statement = connection.createStatement()) {
			statement.executeQuery("SELECT count(*) FROM bench_business").close();
		}
		return connection;
	}

	private String urlOf() {
		return "jdbc:postgresql://localhost:" + show("port") + "/postgres";
	}

	private long deadTuples() {
		owner.sql("SELECT pg_stat_force_next_flush()").query().singleValue();
		return owner.sql("SELECT coalesce(sum(n_dead_tup), 0) FROM pg_stat_user_tables WHERE relname IN ('outbox_events', 'event_publication')")
			.query(Long.class).single();
	}

	private static void resetPeakHeap() {
		System.gc();
		ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
			.forEach(MemoryPoolMXBean::resetPeakUsage);
	}

	private static long peakHeapMb() {
		return ManagementFactory.getMemoryPoolMXBeans().stream().filter(pool -> pool.getType() == MemoryType.HEAP)
			.mapToLong(pool -> pool.getPeakUsage().getUsed()).sum() >> 20;
	}

	private String show(String setting) {
		return owner.sql("SELECT current_setting(:name)").param("name", setting).query(String.class).single();
	}

	private static double load() {
		return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
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
}
