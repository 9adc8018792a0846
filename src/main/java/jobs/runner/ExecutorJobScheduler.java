package jobs.runner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** The production {@link JobScheduler}: the system clock and a scheduled executor. */
public final class ExecutorJobScheduler implements JobScheduler {

	private final ScheduledExecutorService executor;
	private final Clock clock;

	public ExecutorJobScheduler(ScheduledExecutorService executor, Clock clock) {
		this.executor = executor;
		this.clock = clock;
	}

	@Override
	public Instant now() {
		return clock.instant();
	}

	@Override
	public Cancellable schedule(Duration delay, Runnable task) {
		ScheduledFuture<?> future = executor.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
		return () -> future.cancel(false);
	}
}
