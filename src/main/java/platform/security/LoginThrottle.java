package platform.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Backoff after repeated failed sign-ins, per account (the username as typed, whether it exists or
 * not) and per client address. After {@code freeFailures} failures, each further failure blocks the
 * key for {@code baseDelay} doubling up to {@code maxDelay}; attempts during a block are refused
 * without a password check and do not count. A blocked address holds back only the accounts that
 * failed recently (those under attack): a colleague behind the same proxy or NAT who has not failed
 * still gets the password check and signs in with the right password, while each account a
 * password sprayer tries from the blocked address costs it that account's next attempts. Nothing is
 * ever locked for longer than
 * {@code maxDelay}: an attacker can slow an account down, never lock its owner out. Failures are
 * forgotten {@code forgetAfter} after the last one, and an account's on a successful sign-in.
 * Process-local: each instance throttles what it sees.
 */
@Component
@EnableConfigurationProperties(LoginThrottle.Settings.class)
class LoginThrottle {

	/** {@code jmlhub.login-throttle}. */
	@ConfigurationProperties("jmlhub.login-throttle")
	record Settings(Integer accountFreeFailures, Integer addressFreeFailures, Duration baseDelay, Duration maxDelay,
			Duration forgetAfter) {

		Settings {
			accountFreeFailures = accountFreeFailures == null ? 5 : accountFreeFailures;
			addressFreeFailures = addressFreeFailures == null ? 20 : addressFreeFailures;
			baseDelay = baseDelay == null ? Duration.ofSeconds(1) : baseDelay;
			maxDelay = maxDelay == null ? Duration.ofMinutes(1) : maxDelay;
			forgetAfter = forgetAfter == null ? Duration.ofMinutes(15) : forgetAfter;
		}
	}

	/** Failures of one key and until when it is blocked. */
	record Failures(int count, Instant last, Instant blockedUntil) {
	}

	/** What a failure did: the new count and the block it started (empty while still free). */
	record Outcome(int failures, Optional<Duration> blockedFor) {
	}

	static final int MAX_KEYS = 100_000;

	private final Map<String, Failures> accounts = new ConcurrentHashMap<>();
	private final Map<String, Failures> addresses = new ConcurrentHashMap<>();
	private final Settings settings;
	private final Clock clock;

	LoginThrottle(Settings settings, Clock clock) {
		this.settings = settings;
		this.clock = clock;
	}

	/**
	 * Refuses the attempt while the account is blocked, or while the address is blocked and the
	 * account has failed recently.
	 */
	void check(String username, String address) {
		Instant now = clock.instant();
		String account = account(username);
		Instant addressBlock = underAttack(account, now) ? blockedUntil(addresses, address, now) : null;
		Instant until = later(blockedUntil(accounts, account, now), addressBlock);
		if (until != null) {
			long seconds = Math.max(1, Duration.between(now, until).toMillis() / 1000 + 1);
			throw new LoginThrottledException(seconds);
		}
	}

	/** Records a failed password check; the account's outcome (the one that is audited). */
	Outcome failed(String username, String address) {
		Instant now = clock.instant();
		if (address != null) {
			record(addresses, address, settings.addressFreeFailures(), now);
		}
		return record(accounts, account(username), settings.accountFreeFailures(), now);
	}

	void succeeded(String username) {
		accounts.remove(account(username));
	}

	private Outcome record(Map<String, Failures> failures, String key, int free, Instant now) {
		if (failures.size() >= MAX_KEYS) {
			forgetOld(failures, now);
		}
		Failures updated = failures.compute(key, (k, previous) -> {
			int count = previous == null || forgotten(previous, now) ? 1 : previous.count() + 1;
			Instant blockedUntil = count > free ? now.plus(delay(count - free)) : null;
			return new Failures(count, now, blockedUntil);
		});
		return new Outcome(updated.count(), Optional.ofNullable(updated.blockedUntil()).map(until -> Duration.between(now, until)));
	}

	private Duration delay(int excess) {
		Duration delay = settings.baseDelay().multipliedBy(1L << Math.min(excess - 1, 20));
		return delay.compareTo(settings.maxDelay()) > 0 ? settings.maxDelay() : delay;
	}

	private Instant blockedUntil(Map<String, Failures> failures, String key, Instant now) {
		if (key == null) {
			return null;
		}
		Failures entry = failures.get(key);
		return entry == null || entry.blockedUntil() == null || !entry.blockedUntil().isAfter(now) ? null
				: entry.blockedUntil();
	}

	private boolean underAttack(String account, Instant now) {
		Failures entry = accounts.get(account);
		return entry != null && !forgotten(entry, now);
	}

	private boolean forgotten(Failures failures, Instant now) {
		return failures.last().plus(settings.forgetAfter()).isBefore(now);
	}

	private void forgetOld(Map<String, Failures> failures, Instant now) {
		failures.values().removeIf(entry -> forgotten(entry, now));
		if (failures.size() >= MAX_KEYS) {
			// a flood of distinct keys: keep only the blocked ones
			failures.values().removeIf(entry -> entry.blockedUntil() == null || !entry.blockedUntil().isAfter(now));
		}
	}

	private static Instant later(Instant a, Instant b) {
		if (a == null) {
			return b;
		}
		return b == null || a.isAfter(b) ? a : b;
	}

	private static String account(String username) {
		String key = username == null ? "" : username.trim().toLowerCase(Locale.ROOT);
		return key.length() > 200 ? key.substring(0, 200) : key;
	}
}
