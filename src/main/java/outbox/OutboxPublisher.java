package outbox;

import outbox.catalog.CatalogEvent;

/**
 * The narrow publish port. Call it inside the business transaction opened with
 * {@code TenantTransactions}: the event is stored in the same transaction (and so is only
 * visible, and only dispatched, after commit). A replayed publish with the same
 * {@code (tenant, type, idempotencyKey)} is a no-op.
 *
 * @throws InvalidEventException when the event is null or its idempotency key is blank or too
 *         long; the business transaction is then marked rollback-only
 */
public interface OutboxPublisher {

	default void publish(CatalogEvent event) {
		publish(event, PublishOptions.DEFAULTS);
	}

	void publish(CatalogEvent event, PublishOptions options);

	/**
	 * Publishes several events with the default options, as {@link #publish(CatalogEvent)} does
	 * each, in one statement (a batch settling many rows announces many events at once).
	 */
	default void publishAll(java.util.List<? extends CatalogEvent> events) {
		events.forEach(this::publish);
	}
}
