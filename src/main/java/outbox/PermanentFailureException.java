package outbox;

/** Thrown (or wrapped) by a handler when retrying cannot help: the event is dead-lettered at once. */
public class PermanentFailureException extends RuntimeException {

	public PermanentFailureException(String message) {
		super(message);
	}

	public PermanentFailureException(String message, Throwable cause) {
		super(message, cause);
	}
}
