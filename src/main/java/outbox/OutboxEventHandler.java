package outbox;

import outbox.catalog.CatalogEvent;

/**
 * The handler SPI. A module registers one bean per catalog record it consumes; the registry fails
 * startup unless every catalog record has exactly one handler. By default the dispatcher calls
 * {@link #handle} inside a tenant unit of work for the event's tenant and marks the event
 * delivered in that same transaction, fenced by its claim: the handler's writes and the delivery
 * commit together or not at all, and a worker whose claim was taken over rolls back. A handler
 * whose effect is {@link #external() external} (a call to another system) runs outside any
 * transaction, opens its own short units of work, and is marked delivered after it returns.
 * Delivery is at least once and in no guaranteed order, so handlers must be idempotent (external
 * ones with a receipt of what they did). Throw {@link PermanentFailureException} (or wrap it) for
 * failures that retrying cannot fix; any other exception is retried with backoff.
 */
public interface OutboxEventHandler<E extends CatalogEvent> {

	Class<E> eventType();

	void handle(E event, Delivery delivery) throws Exception;

	/**
	 * Whether the handler's effect lies outside this database (for example a Temporal call): then
	 * it runs outside any transaction, so that no database transaction or pool connection is held
	 * while the other system answers.
	 */
	default boolean external() {
		return false;
	}
}
