package outbox;

import org.springframework.util.ClassUtils;

import outbox.catalog.CatalogEvent;

/**
 * The handler SPI. A module registers one bean per catalog record it consumes; a record may have
 * several consumers (handlers of different {@link #consumer() names}), each delivered, retried and
 * dead-lettered on its own (the publisher stores one row per consumer); the registry fails startup
 * when a catalog record has no handler or two handlers share a name. By default the dispatcher calls
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

	/**
	 * The consumer's stable name, stored on each of its rows: a rename strands the stored rows of
	 * the old name (they dead-letter), so it defaults to the handler's module (the top package),
	 * which survives class moves and renames inside the module. A module with two handlers of one
	 * record names them.
	 */
	default String consumer() {
		String name = ClassUtils.getUserClass(this).getName();
		int dot = name.indexOf('.');
		return dot < 0 ? name : name.substring(0, dot);
	}

	void handle(E event, Delivery delivery) throws Exception;

	/**
	 * Whether the consumer wants the event only in the tenants that declared an interest in its type
	 * ({@link ConsumerInterests}): the publisher stores its row nowhere else, so a consumer that
	 * matters to few tenants (webhooks: those with an endpoint) adds no row to the others' events.
	 */
	default boolean selective() {
		return false;
	}

	/**
	 * Whether the handler's effect lies outside this database (for example a Temporal call): then
	 * it runs outside any transaction, so that no database transaction or pool connection is held
	 * while the other system answers, and fences its own writes on its own state (decide, call,
	 * record) since they are not covered by the event's claim.
	 */
	default boolean external() {
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
