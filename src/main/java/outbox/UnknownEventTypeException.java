package outbox;

/** The event type is not in the catalog ({@link EventTypes}); the publishing transaction fails. */
public class UnknownEventTypeException extends RuntimeException {

	public UnknownEventTypeException(String type) {
		super("Unknown event type: " + type);
	}
}
