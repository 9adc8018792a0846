package outbox;

/**
 * The narrow publish port. Call it inside the business transaction opened with
 * {@code TenantTransactions}: the event is stored in the same transaction (and so is only
 * visible, and only dispatched, after commit). A replayed publish with the same
 * {@code (tenant, type, idempotencyKey)} is a no-op.
 *
 * @throws UnknownEventTypeException when the type is not in {@link EventTypes}
 * @throws InvalidEventException when the idempotency key is blank or the payload is null
 */
public interface OutboxPublisher {

	void publish(OutboxEvent event);
}
