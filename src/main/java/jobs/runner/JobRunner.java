package jobs.runner;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The process-local scheduling loop of one job. The first invocation runs at {@link #start()},
 * then one per interval tick. A single-flight gate keeps ticks and manual {@link #trigger()}s from
 * overlapping: a tick that finds an invocation in flight is skipped, a trigger is coalesced into
 * at most one follow-up run. Each invocation runs on its own thread and is interrupted when it
 * exceeds the timeout; until it really returns, nothing new is admitted, so a callback that
 * ignores the interrupt can never pile up zombie runs. Failures are logged through the logger
 * port and recorded, never ending the loop. Shutdown is {@link #stop()} then {@link #drain}, and
 * {@link #interrupt()} for what did not drain in time.
 *
 * <p>The runner never replaces a durable source: after a restart the job decides what to do
 * from its tables, cursors, leases or receipts; the interval is only how often it looks.
 */
public final class JobRunner {

	/** Longest {@code lastError} kept; the page and API show it, the log has the full error. */
	private static final int MAX_ERROR_LENGTH = 500;

	/** Everything a runner is built from. */
	public record Options(String name, Duration interval, Duration timeout, JobCallback run, JobRunMetrics metrics,
			JobRunLogger logger, JobScheduler scheduler) {

		public Options {
			if (name == null || name.isBlank()) {
				throw new IllegalArgumentException("A job needs a name");
			}
			requirePositive(name, "interval", interval);
			requirePositive(name, "timeout", timeout);
			Objects.requireNonNull(run, "run");
			Objects.requireNonNull(metrics, "metrics");
			Objects.requireNonNull(logger, "logger");
			Objects.requireNonNull(scheduler, "scheduler");
		}

		private static void requirePositive(String name, String what, Duration value) {
			if (value == null || value.isNegative() || value.isZero()) {
				throw new IllegalArgumentException("Job " + name + ": " + what + " must be positive, was " + value);
			}
		}
	}

	/** One admitted invocation; all fields are guarded by the runner's lock. */
	private static final class Invocation {

		final Instant startedAt;
		Thread thread;
		JobScheduler.Cancellable timeout;
		boolean timedOut;
		boolean finished;

		Invocation(Instant startedAt) {
			this.startedAt = startedAt;
		}
	}

	private final Options options;
	private final Object lock = new Object();

	// guarded by lock
	private boolean started;
	private boolean stopped;
	private Invocation current;
	private boolean queued;
	private Instant nextTickAt;
	private JobScheduler.Cancellable nextTick;
	private Instant lastStartedAt;
	private Duration lastDuration;
	private JobOutcome lastOutcome;
	private String lastError;

	public JobRunner(Options options) {
		this.options = options;
	}

	public String name() {
		return options.name();
	}

	/** Runs the first invocation now and schedules the interval ticks. */
	public void start() {
		synchronized (lock) {
			if (started) {
				throw new IllegalStateException("Job " + name() + " was already started");
			}
			started = true;
			scheduleTick(options.scheduler().now().plus(options.interval()));
			admit();
		}
	}

	/** Asks for a run now; see {@link TriggerResult} for what can happen. */
	public TriggerResult trigger() {
		synchronized (lock) {
			if (!started || stopped) {
				return TriggerResult.NOT_RUNNING;
			}
			if (current == null) {
				admit();
				return TriggerResult.STARTED;
			}
			if (queued) {
				return TriggerResult.COALESCED;
			}
			queued = true;
			return TriggerResult.QUEUED;
		}
	}

	/** Admits nothing new: cancels the next tick and a queued trigger. The in-flight run continues. */
	public void stop() {
		synchronized (lock) {
			stopped = true;
			queued = false;
			if (nextTick != null) {
				nextTick.cancel();
				nextTick = null;
				nextTickAt = null;
			}
		}
	}

	/**
	 * Waits up to {@code timeout} for the in-flight invocation to return; call after {@link #stop()}.
	 *
	 * @return whether no invocation is in flight any more
	 */
	public boolean drain(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (lock) {
			while (current != null) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return false;
				}
				TimeUnit.NANOSECONDS.timedWait(lock, left);
			}
			return true;
		}
	}

	/**
	 * For shutdown after a {@link #drain} that timed out: interrupts the invocation still in flight,
	 * so a callback that honours interrupts ends now instead of outliving its runner.
	 */
	public void interrupt() {
		synchronized (lock) {
			if (current != null) {
				current.thread.interrupt();
			}
		}
	}

	public JobRunnerState state() {
		synchronized (lock) {
			return new JobRunnerState(name(), options.interval(), options.timeout(), current != null,
					current != null && current.timedOut, queued, stopped, lastStartedAt, lastDuration, lastOutcome,
					lastError, nextTickAt);
		}
	}

	// Fixed rate: the next tick is due one interval after the previous one was due; ticks missed
	// while the scheduler was held up are dropped rather than fired back to back.
	private void onTick() {
		synchronized (lock) {
			if (stopped) {
				return;
			}
			Instant now = options.scheduler().now();
			Instant next = nextTickAt.plus(options.interval());
			scheduleTick(next.isAfter(now) ? next : now.plus(options.interval()));
			if (current == null) {
				admit();
			}
		}
	}

	private void scheduleTick(Instant at) {
		nextTickAt = at;
		nextTick = options.scheduler().schedule(Duration.between(options.scheduler().now(), at), this::onTick);
	}

	/** Caller holds the lock and has checked that nothing is in flight. */
	private void admit() {
		Invocation invocation = new Invocation(options.scheduler().now());
		current = invocation;
		lastStartedAt = invocation.startedAt;
		invocation.thread = new Thread(() -> execute(invocation), "job-" + name());
		invocation.thread.setDaemon(true);
		invocation.thread.start();
		// after start(): the thread is alive, so the timeout's interrupt cannot get lost
		invocation.timeout = options.scheduler().schedule(options.timeout(), () -> onTimeout(invocation));
	}

	private void execute(Invocation invocation) {
		Throwable error = null;
		try {
			options.run().run();
		}
		catch (Throwable e) { // the loop must survive anything the callback throws
			error = e;
		}
		finish(invocation, error);
	}

	private void finish(Invocation invocation, Throwable error) {
		Duration elapsed = Duration.between(invocation.startedAt, options.scheduler().now());
		boolean late;
		synchronized (lock) {
			invocation.finished = true;
			// set: admit() holds the lock until the timeout is scheduled
			invocation.timeout.cancel();
			late = invocation.timedOut;
			if (!late) {
				remember(error == null ? JobOutcome.SUCCEEDED : JobOutcome.FAILED, elapsed, error);
			}
			current = null;
			lock.notifyAll();
			if (queued && !stopped) {
				queued = false;
				admit();
			}
		}
		if (late) {
			options.logger().logLateReturn(name(), elapsed);
		}
		else {
			report(error == null ? JobOutcome.SUCCEEDED : JobOutcome.FAILED, elapsed, error);
		}
	}

	private void onTimeout(Invocation invocation) {
		Duration elapsed;
		TimeoutException error;
		synchronized (lock) {
			if (invocation.finished || invocation.timedOut) {
				return;
			}
			invocation.timedOut = true;
			elapsed = Duration.between(invocation.startedAt, options.scheduler().now());
			error = new TimeoutException("timed out after " + options.timeout() + "; interrupted");
			remember(JobOutcome.TIMED_OUT, elapsed, error);
			invocation.thread.interrupt();
		}
		report(JobOutcome.TIMED_OUT, elapsed, error);
	}

	private void remember(JobOutcome outcome, Duration elapsed, Throwable error) {
		lastOutcome = outcome;
		lastDuration = elapsed;
		lastError = error == null ? null : describe(error);
	}

	private void report(JobOutcome outcome, Duration elapsed, Throwable error) {
		options.metrics().record(name(), outcome, elapsed);
		if (error != null) {
			options.logger().logRunFailure(name(), outcome, elapsed, error);
		}
		else {
			options.logger().logRunSuccess(name(), elapsed);
		}
	}

	private static String describe(Throwable error) {
		String text = error.getMessage() == null ? error.getClass().getSimpleName()
				: error.getClass().getSimpleName() + ": " + error.getMessage();
		return text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH - 1) + "…";
	}
}
