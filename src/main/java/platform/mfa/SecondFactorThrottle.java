package platform.mfa;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;

/**
 * Backoff after wrong codes, per account, as the password sign-in's (LoginThrottle's defaults):
 * after 5 wrong codes each further one blocks the account's code checks for 1 s doubling up to
 * 1 min; forgotten 15 min after the last failure and on a right code. A six-digit code cannot be
 * guessed at that pace. Process-local, like the password throttle.
 */
@Component
class SecondFactorThrottle {

	static final int FREE_FAILURES = 5;
	static final Duration BASE_DELAY = Duration.ofSeconds(1);
	static final Duration MAX_DELAY = Duration.ofMinutes(1);
	static final Duration FORGET_AFTER = Duration.ofMinutes(15);
	static final int MAX_KEYS = 100_000;

	private record Failures(int count, Instant last, Instant blockedUntil) {
	}

	private final Map<String, Failures> accounts = new ConcurrentHashMap<>();
	private final Clock clock;

	SecondFactorThrottle(Clock clock) {
		this.clock = clock;
	}

	/** Seconds until the next check is allowed; 0 when it is now. */
	long blockedSeconds(String account) {
		Failures entry = accounts.get(account);
		Instant now = clock.instant();
		if (entry == null || entry.blockedUntil() == null || !entry.blockedUntil().isAfter(now)) {
			return 0;
		}
		return Math.max(1, Duration.between(now, entry.blockedUntil()).toSeconds() + 1);
	}

	void failed(String account) {
		Instant now = clock.instant();
		if (accounts.size() >= MAX_KEYS) {
			accounts.values().removeIf(entry -> entry.last().plus(FORGET_AFTER).isBefore(now));
		}
		accounts.compute(account, (key, previous) -> {
			int count = previous == null || previous.last().plus(FORGET_AFTER).isBefore(now) ? 1 : previous.count() + 1;
			Instant blockedUntil = null;
			if (count > FREE_FAILURES) {
				Duration delay = BASE_DELAY.multipliedBy(1L << Math.min(count - FREE_FAILURES - 1, 20));
				blockedUntil = now.plus(delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay);
			}
			return new Failures(count, now, blockedUntil);
		});
	}

	void succeeded(String account) {
		accounts.remove(account);
	}
}
