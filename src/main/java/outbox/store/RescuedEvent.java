package outbox.store;

import java.util.UUID;

/**
 * An event whose lease expired in a dead or overrunning worker, now pending again or
 * dead-lettered; with what a dead-letter notice to its handler needs.
 */
public record RescuedEvent(UUID id, String tenantId, String type, boolean deadLettered, UUID aggregateId,
		String idempotencyKey, int payloadVersion, String payloadJson, int attempts, int maxAttempts, String lastError,
		String consumer) {

	/** The event as its last (lost) attempt had claimed it. */
	public ClaimedEvent asClaimed() {
		return new ClaimedEvent(id, tenantId, type, aggregateId, idempotencyKey, payloadVersion, payloadJson, attempts,
				maxAttempts, 0, consumer);
	}
}
