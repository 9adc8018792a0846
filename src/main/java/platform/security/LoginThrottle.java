package platform.security;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

import platform.FailureBackoff;

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
 * Both are {@link FailureBackoff}s, the one throttle of the sign-in and the second factor.
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

	private final FailureBackoff accounts;
	private final FailureBackoff addresses;

	LoginThrottle(Settings settings, Clock clock) {
		this.accounts = new FailureBackoff(new FailureBackoff.Policy(settings.accountFreeFailures(), settings.baseDelay(),
				settings.maxDelay(), settings.forgetAfter()), clock);
		this.addresses = new FailureBackoff(new FailureBackoff.Policy(settings.addressFreeFailures(), settings.baseDelay(),
				settings.maxDelay(), settings.forgetAfter()), clock);
	}

	/**
	 * Refuses the attempt while the account is blocked, or while the address is blocked and the
	 * account has failed recently.
	 */
	void check(String username, String address) {
		String account = account(username);
		long seconds = Math.max(accounts.blockedSeconds(account),
				address != null && accounts.failedRecently(account) ? addresses.blockedSeconds(address) : 0);
		if (seconds > 0) {
			throw new LoginThrottledException(seconds);
		}
	}

	/** Records a failed password check; the account's outcome (the one that is audited). */
	FailureBackoff.Outcome failed(String username, String address) {
		if (address != null) {
			addresses.failed(address);
		}
		return accounts.failed(account(username));
	}

	void succeeded(String username) {
		accounts.succeeded(account(username));
	}

	private static String account(String username) {
		String key = username == null ? "" : username.trim().toLowerCase(Locale.ROOT);
		return key.length() > 200 ? key.substring(0, 200) : key;
	}
}
