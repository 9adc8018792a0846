package outbox.dispatch;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Capped exponential backoff with jitter: after failed attempt {@code n} the next one waits
 * {@code min(max, base * 2^(n-1))}, of which a random half is dropped ("equal jitter") so that
 * events failing together do not retry in lockstep.
 */
final class RetryPolicy {

	private final Duration base;
	private final Duration max;
	private final DoubleSupplier random;

	RetryPolicy(Duration base, Duration max, DoubleSupplier random) {
		this.base = base;
		this.max = max;
		this.random = random;
	}

	Duration delayAfter(int failedAttempt) {
		double exponential = base.toNanos() * Math.pow(2, Math.max(0, failedAttempt - 1));
		long capped = (long) Math.min(max.toNanos(), exponential);
		long half = capped / 2;
		return Duration.ofNanos(half + (long) (random.getAsDouble() * (capped - half)));
	}
}
