package platform.security;

import org.springframework.security.core.AuthenticationException;

/**
 * A sign-in refused without looking at the password, because the account or the address failed
 * too often recently. The same message whether the account exists or not.
 */
public final class LoginThrottledException extends AuthenticationException {

	public static final String MESSAGE = "Too many failed sign-ins. Wait a moment and try again.";

	private final long retryAfterSeconds;

	LoginThrottledException(long retryAfterSeconds) {
		super(MESSAGE);
		this.retryAfterSeconds = retryAfterSeconds;
	}

	/** Whole seconds until the next attempt is looked at (at least 1). */
	public long retryAfterSeconds() {
		return retryAfterSeconds;
	}
}
