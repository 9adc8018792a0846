package platform;

/**
 * The object store did not answer (down, unreachable, refusing) and nothing was kept: a temporary
 * state, neither the caller's mistake nor a bug. The web layer answers 503 with {@code Retry-After}
 * and the problem type {@code objectstore-unavailable}; the same request may simply be sent again.
 */
public class ObjectStoreUnavailableException extends RuntimeException {

	public ObjectStoreUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}
}
