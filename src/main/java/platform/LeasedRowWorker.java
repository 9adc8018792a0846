package platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * The loop that works a module's {@link LeasedRows}, the shape of the outbox's and provisioning's
 * claim loops: ask which tenants have rows due, then, per tenant, rescue expired leases and claim a
 * batch in a short unit of work (fenced by a token, leased), attempt each claimed row outside any
 * transaction ({@code parallelism} at a time), and settle it in another short unit of work that
 * holds only if the claim is still ours. A failed attempt is due again on the {@link RetrySchedule}
 * until its budget is spent; a refusal that retrying cannot change fails at once. The database away
 * is one WARN per outage ({@link OutageLog}); a module's own dependency (an SMTP server, an HTTP
 * endpoint) is the module's to report from its work. {@link #wake()} makes it look now rather than
 * at the next poll. Counters: {@code <meterPrefix>.sent} and {@code <meterPrefix>.failed}
 * (tag {@code final}). A module whose attempts share a cost (one connection to one server) gives a
 * {@link Batch} instead: a tenant's claimed rows are attempted in one call and settled in one unit
 * of work.
 *
 * @param <T> the claimed row
 * @param <R> what an attempt came to
 */
public final class LeasedRowWorker<T extends LeasedRows.Claimed, R extends LeasedRows.Attempt> {

	private static final Logger log = LoggerFactory.getLogger(LeasedRowWorker.class);

	/**
	 * @param component the name of its outages and log lines ("Mail sender")
	 * @param thread the name of its threads
	 * @param pollInterval how often it looks without being woken
	 * @param lease how long a claim is held before another round may rescue it
	 * @param batchSize the rows claimed per tenant and round
	 * @param parallelism how many claimed rows are attempted at once
	 * @param meterPrefix the prefix of its counters
	 */
	public record Settings(String component, String thread, Duration pollInterval, Duration lease, int batchSize,
			int parallelism, String meterPrefix) {

		public Settings {
			if (batchSize < 1 || parallelism < 1) {
				throw new IllegalArgumentException(component + ": batch size and parallelism must be at least 1");
			}
		}
	}

	/** The attempts of a tenant's claimed rows in one call: what each came to, in the rows' order. */
	@FunctionalInterface
	public interface Batch<T, R> {

		List<R> attempt(List<T> rows);
	}

	private final Settings settings;
	private final LeasedRows<T, R> rows;
	private final Function<T, R> work;
	private final Batch<T, R> batch;
	private final RetrySchedule retries;
	private final TenantTransactions transactions;
	private final Clock clock;
	private final MeterRegistry meters;
	private final OutageLog outages;
	private final AtomicBoolean woken = new AtomicBoolean();
	private volatile ScheduledExecutorService scheduler;
	private volatile ExecutorService attempts;

	public LeasedRowWorker(Settings settings, LeasedRows<T, R> rows, Function<T, R> work, RetrySchedule retries,
			TenantTransactions transactions, Clock clock, MeterRegistry meters, OutageLog outages) {
		this(settings, rows, work, null, retries, transactions, clock, meters, outages);
	}

	/** A worker attempting a tenant's claimed rows together ({@code parallelism} is not used). */
	public LeasedRowWorker(Settings settings, LeasedRows<T, R> rows, Batch<T, R> batch, RetrySchedule retries,
			TenantTransactions transactions, Clock clock, MeterRegistry meters, OutageLog outages) {
		this(settings, rows, null, batch, retries, transactions, clock, meters, outages);
	}

	private LeasedRowWorker(Settings settings, LeasedRows<T, R> rows, Function<T, R> work, Batch<T, R> batch,
			RetrySchedule retries, TenantTransactions transactions, Clock clock, MeterRegistry meters, OutageLog outages) {
		this.settings = settings;
		this.rows = rows;
		this.work = work;
		this.batch = batch;
		this.retries = retries;
		this.transactions = transactions;
		this.clock = clock;
		this.meters = meters;
		this.outages = outages;
	}

	/** Looks for due rows soon (new ones were written, or one is to be retried). */
	public void wake() {
		woken.set(true);
	}

	/** One round over every tenant with rows due; the number of rows attempted. */
	public int round() {
		int attempted = 0;
		for (String tenantId : rows.dueTenants(clock.instant())) {
			attempted += round(tenantId);
		}
		return attempted;
	}

	private int round(String tenantId) {
		UUID token = UUID.randomUUID();
		Instant now = clock.instant();
		List<T> claimed = transactions.inTenant(tenantId, () -> {
			int rescued = rows.rescue(now);
			if (rescued > 0) {
				log.warn("{}: rescued {} rows of tenant {} whose lease expired", settings.component(), rescued, tenantId);
			}
			return rows.claim(token, now, now.plus(settings.lease()), settings.batchSize());
		});
		if (batch != null) {
			attemptTogether(tenantId, claimed);
			return claimed.size();
		}
		ExecutorService pool = attempts;
		if (pool == null || claimed.size() < 2) {
			claimed.forEach(this::attempt);
			return claimed.size();
		}
		List<Future<?>> running = new ArrayList<>();
		for (T row : claimed) {
			running.add(pool.submit(() -> attempt(row)));
		}
		for (Future<?> attempt : running) {
			try {
				attempt.get();
			}
			catch (InterruptedException interrupted) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(settings.component() + " stopped while attempting", interrupted);
			}
			catch (ExecutionException failed) {
				throw failed.getCause() instanceof RuntimeException bug ? bug : new IllegalStateException(failed.getCause());
			}
		}
		return claimed.size();
	}

	private void attempt(T row) {
		R attempt = work.apply(row);
		Instant now = clock.instant();
		Instant next = next(row, attempt, now);
		boolean held = transactions.inTenant(row.tenantId(), () -> rows.settle(row, attempt, next, now));
		record(row, attempt, next, held);
	}

	/** The claimed rows attempted in one call and settled in one unit of work. */
	private void attemptTogether(String tenantId, List<T> claimed) {
		if (claimed.isEmpty()) {
			return;
		}
		List<R> attempted = batch.attempt(claimed);
		if (attempted.size() != claimed.size()) {
			throw new IllegalStateException(settings.component() + ": " + claimed.size() + " rows attempted, "
					+ attempted.size() + " outcomes");
		}
		Instant now = clock.instant();
		List<Instant> next = new ArrayList<>();
		for (int i = 0; i < claimed.size(); i++) {
			next.add(next(claimed.get(i), attempted.get(i), now));
		}
		List<Boolean> held = transactions.inTenant(tenantId, () -> {
			List<Boolean> settled = new ArrayList<>();
			for (int i = 0; i < claimed.size(); i++) {
				settled.add(rows.settle(claimed.get(i), attempted.get(i), next.get(i), now));
			}
			return settled;
		});
		for (int i = 0; i < claimed.size(); i++) {
			record(claimed.get(i), attempted.get(i), next.get(i), held.get(i));
		}
	}

	/** When a failed row is due again; null when it is done or failed for good. */
	private Instant next(T row, R attempt, Instant now) {
		return attempt.succeeded() || !attempt.retryable() ? null
				: retries.next(row.attempts(), row.firstAttemptAt(), now);
	}

	/** The counters and log lines of one settled attempt. */
	private void record(T row, R attempt, Instant next, boolean held) {
		if (!held) {
			log.warn("{}: row {} of tenant {} was attempted but its claim had been lost", settings.component(), row.id(),
					row.tenantId());
			return;
		}
		if (attempt.succeeded()) {
			meters.counter(settings.meterPrefix() + ".sent").increment();
			return;
		}
		meters.counter(settings.meterPrefix() + ".failed", "final", String.valueOf(next == null)).increment();
		if (next == null) {
			log.warn("{}: row {} of tenant {} failed for good (attempt {}): {}", settings.component(), row.id(),
					row.tenantId(), row.attempts(), attempt.error());
		}
		else {
			log.debug("{}: row {} of tenant {} failed (attempt {}), retried at {}: {}", settings.component(), row.id(),
					row.tenantId(), row.attempts(), next, attempt.error());
		}
	}

	/** Starts polling (and waking) on threads of its own. */
	public synchronized void start() {
		if (scheduler != null) {
			return;
		}
		AtomicInteger threads = new AtomicInteger();
		if (settings.parallelism() > 1 && batch == null) {
			attempts = Executors.newFixedThreadPool(settings.parallelism(), runnable -> daemon(runnable,
					settings.thread() + "-" + threads.incrementAndGet()));
		}
		scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> daemon(runnable, settings.thread()));
		long tick = Math.max(50, Math.min(settings.pollInterval().toMillis(), 250));
		long[] since = { 0 };
		scheduler.scheduleWithFixedDelay(() -> {
			since[0] += tick;
			if (!woken.getAndSet(false) && since[0] < settings.pollInterval().toMillis()) {
				return;
			}
			since[0] = 0;
			try {
				while (round() > 0) {
					// more may be due: a batch was full
				}
				outages.succeeded(settings.component());
			}
			catch (RuntimeException failure) {
				// the database away is one WARN per outage; anything else is a bug and keeps its stack trace
				if (OutageLog.isOutage(failure)) {
					outages.failed(settings.component(), failure);
				}
				else {
					log.error("A round of {} failed; the next one retries", settings.component(), failure);
				}
			}
		}, tick, tick, TimeUnit.MILLISECONDS);
	}

	private static Thread daemon(Runnable runnable, String name) {
		Thread thread = new Thread(runnable, name);
		thread.setDaemon(true);
		return thread;
	}

	/** Stops polling, waiting up to 10 s for the round under way. */
	public synchronized void stop() {
		for (ExecutorService running : new ExecutorService[] { scheduler, attempts }) {
			if (running == null) {
				continue;
			}
			running.shutdownNow();
			try {
				running.awaitTermination(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException interrupted) {
				Thread.currentThread().interrupt();
			}
		}
		scheduler = null;
		attempts = null;
	}

	public boolean running() {
		return scheduler != null;
	}
}
