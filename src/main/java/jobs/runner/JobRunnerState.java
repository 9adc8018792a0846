package jobs.runner;

import java.time.Duration;
import java.time.Instant;

/**
 * A snapshot of one runner. {@code lastStartedAt} is the most recently admitted invocation (it may
 * still be running); {@code lastDuration}, {@code lastOutcome} and {@code lastError} describe the
 * most recently finished or timed-out one.
 *
 * @param running an invocation is in flight (including a timed-out one that has not returned yet)
 * @param overdue the in-flight invocation exceeded its timeout and has not returned yet
 * @param queued a coalesced trigger will run as soon as the in-flight invocation returns
 * @param nextRunAt the next interval tick, {@code null} once the runner is stopped
 */
public record JobRunnerState(String name, Duration interval, Duration timeout, boolean running, boolean overdue,
		boolean queued, boolean stopped, Instant lastStartedAt, Duration lastDuration, JobOutcome lastOutcome,
		String lastError, Instant nextRunAt) {
}
