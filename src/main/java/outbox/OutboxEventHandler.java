package outbox;

import outbox.catalog.CatalogEvent;

/**
 * The handler SPI. A module registers one bean per catalog record it consumes; the registry fails
 * startup unless every catalog record has exactly one handler. The dispatcher calls
 * {@link #handle} inside a tenant unit of work for the event's tenant with the decoded record.
 * Handlers must be idempotent (delivery is at least once). Throw {@link PermanentFailureException}
 * (or wrap it) for failures that retrying cannot fix; any other exception is retried with backoff.
 */
public interface OutboxEventHandler<E extends CatalogEvent> {

	Class<E> eventType();

	void handle(E event, Delivery delivery) throws Exception;
}
