package outbox;

/**
 * The handler SPI. A module registers one bean per event type it consumes; the registry fails
 * startup unless every catalog type has exactly one handler. The dispatcher calls
 * {@link #handle} inside a tenant unit of work for the event's tenant. Handlers must be
 * idempotent (delivery is at least once). Throw {@link PermanentFailureException} (or wrap it)
 * for failures that retrying cannot fix; any other exception is retried with backoff.
 */
public interface OutboxEventHandler {

	String eventType();

	void handle(DeliveredEvent event) throws Exception;
}
