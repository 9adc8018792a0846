package platform;

import java.time.Duration;
import java.time.Instant;

/**
 * When a failed row is tried again: after {@code firstBackoff} doubling per attempt up to
 * {@code maxBackoff} (the doubling of {@link FailureBackoff}), until {@code retryBudget} since the
 * first attempt is spent; then never (failed for good, until someone retries it).
 */
public record RetrySchedule(Duration firstBackoff, Duration maxBackoff, Duration retryBudget) {

	/** The wait after the {@code attempts}-th failed attempt. */
	public Duration backoff(int attempts) {
		return FailureBackoff.doubling(firstBackoff, maxBackoff, Math.max(1, attempts));
	}

	/** When to try again after the {@code attempts}-th failure at {@code now}; null once the budget is spent. */
	public Instant next(int attempts, Instant firstAttemptAt, Instant now) {
		Instant next = now.plus(backoff(attempts));
		return next.isAfter(firstAttemptAt.plus(retryBudget)) ? null : next;
	}
}
