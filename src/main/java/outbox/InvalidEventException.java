package outbox;

/** The event cannot be published (null, blank or over-long idempotency key); the publishing transaction fails. */
public class InvalidEventException extends RuntimeException {

	public InvalidEventException(String message) {
		super(message);
	}
}
