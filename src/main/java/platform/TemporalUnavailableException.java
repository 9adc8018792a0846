package platform;

/**
 * Temporal did not answer in time (down, unreachable, overloaded) and nothing was changed: a
 * temporary state, neither the caller's mistake nor a bug. The web layer answers 503 with
 * {@code Retry-After} and the problem type {@code temporal-unavailable} (API) or an inline
 * message (console); the same request may simply be sent again.
 */
public class TemporalUnavailableException extends RuntimeException {

	public TemporalUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}
}
