package platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Backoff after repeated failures of a key (an account, an address): after {@code freeFailures}
 * failures each further one blocks the key for {@code baseDelay} doubling up to {@code maxDelay};
 * failures are forgotten {@code forgetAfter} after the last one, and on a success. Nothing is ever
 * blocked for longer than {@code maxDelay}, so an attacker can slow an owner down, never lock them
 * out. The one throttle of the password sign-in and the second factor. Process-local: each instance
 * throttles what it sees; at most {@value #MAX_KEYS} keys are remembered.
 */
public final class FailureBackoff {

	/** How many failures are free and how the block grows. */
	public record Policy(int freeFailures, Duration baseDelay, Duration maxDelay, Duration forgetAfter) {
	}

	/** What a failure did: the new count and the block it started (empty while still free). */
	public record Outcome(int failures, Optional<Duration> blockedFor) {
	}

	private record Failures(int count, Instant last, Instant blockedUntil) {
	}

	static final int MAX_KEYS = 100_000;

	private final Map<String, Failures> keys = new ConcurrentHashMap<>();
	private final Policy policy;
	private final Clock clock;

	public FailureBackoff(Policy policy, Clock clock) {
		this.policy = policy;
		this.clock = clock;
	}

	/** Until when {@code key} is blocked; empty when it may try now. */
	public Optional<Instant> blockedUntil(String key) {
		Failures entry = key == null ? null : keys.get(key);
		Instant now = clock.instant();
		return entry == null || entry.blockedUntil() == null || !entry.blockedUntil().isAfter(now) ? Optional.empty()
				: Optional.of(entry.blockedUntil());
	}

	/** Whole seconds until {@code key} may try again (at least 1 while blocked); 0 when it may try now. */
	public long blockedSeconds(String key) {
		return blockedUntil(key).map(until -> Math.max(1, Duration.between(clock.instant(), until).toMillis() / 1000 + 1))
			.orElse(0L);
	}

	/** Whether {@code key} failed within {@code forgetAfter}. */
	public boolean failedRecently(String key) {
		Failures entry = keys.get(key);
		return entry != null && !forgotten(entry, clock.instant());
	}

	public Outcome failed(String key) {
		Instant now = clock.instant();
		if (keys.size() >= MAX_KEYS) {
			forgetOld(now);
		}
		Failures updated = keys.compute(key, (k, previous) -> {
			int count = previous == null || forgotten(previous, now) ? 1 : previous.count() + 1;
			Instant blockedUntil = count > policy.freeFailures() ? now.plus(delay(count - policy.freeFailures())) : null;
			return new Failures(count, now, blockedUntil);
		});
		return new Outcome(updated.count(),
				Optional.ofNullable(updated.blockedUntil()).map(until -> Duration.between(now, until)));
	}

	public void succeeded(String key) {
		keys.remove(key);
	}

	private Duration delay(int excess) {
		return doubling(policy.baseDelay(), policy.maxDelay(), excess);
	}

	/** {@code base} doubled for each of {@code n} failures after the first, at most {@code max}: the one backoff curve. */
	public static Duration doubling(Duration base, Duration max, int n) {
		Duration delay = base.multipliedBy(1L << Math.min(Math.max(n, 1) - 1, 20));
		return delay.compareTo(max) > 0 ? max : delay;
	}

	private boolean forgotten(Failures failures, Instant now) {
		return failures.last().plus(policy.forgetAfter()).isBefore(now);
	}

	private void forgetOld(Instant now) {
		keys.values().removeIf(entry -> forgotten(entry, now));
		if (keys.size() >= MAX_KEYS) {
			// a flood of distinct keys: keep only the blocked ones
			keys.values().removeIf(entry -> entry.blockedUntil() == null || !entry.blockedUntil().isAfter(now));
		}
	}
}
