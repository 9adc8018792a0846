package jobs.runner;

import java.time.Duration;
import java.time.Instant;

/**
 * Time for the runner: the clock for timestamps and durations, and delayed tasks for ticks and
 * timeouts. Production uses {@link ExecutorJobScheduler}; tests drive a manual one, so every
 * timing rule is tested without sleeping.
 */
public interface JobScheduler {

	Instant now();

	/** Runs {@code task} once after {@code delay} (immediately when it is zero or negative). */
	Cancellable schedule(Duration delay, Runnable task);

	@FunctionalInterface
	interface Cancellable {

		void cancel();
	}
}
