package outbox;

import outbox.catalog.CatalogEvent;

/**
 * The handler SPI. A module registers one bean per catalog record it consumes; the registry fails
 * startup unless every catalog record has exactly one handler. The dispatcher calls
 * {@link #handle} inside a tenant unit of work for the event's tenant with the decoded record
 * (unless the handler {@linkplain #ownsTransactions() opens its own}). Handlers must be idempotent
 * (delivery is at least once). Throw {@link PermanentFailureException} (or wrap it) for failures
 * that retrying cannot fix; any other exception is retried with backoff.
 */
public interface OutboxEventHandler<E extends CatalogEvent> {

	Class<E> eventType();

	void handle(E event, Delivery delivery) throws Exception;

	/**
	 * True for a handler that calls a remote system and therefore must not run inside a
	 * transaction: the dispatcher calls {@link #handle} outside any unit of work and the handler
	 * opens its own short tenant units of work around the call. Its writes are then not fenced by
	 * the event's claim token; it fences them on its own state (decide, call, record).
	 */
	default boolean ownsTransactions() {
		return false;
	}

	/**
	 * Called once the event went to the dead letters, whatever the cause (attempts used up, an
	 * attempt timeout or an expired lease on the last attempt, a permanent failure), in a tenant
	 * unit of work of its own after the dead letter was recorded; {@code reason} is the last error.
	 * A failure here is logged and leaves the dead letter as it is. Must be idempotent.
	 */
	default void deadLettered(E event, Delivery delivery, String reason) {
	}
}
