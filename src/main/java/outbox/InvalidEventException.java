package outbox;

/** The event is malformed (blank idempotency key, null payload); the publishing transaction fails. */
public class InvalidEventException extends RuntimeException {

	public InvalidEventException(String message) {
		super(message);
	}
}
