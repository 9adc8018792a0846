package outbox.store;

import java.util.UUID;

/**
 * An event claimed for delivery to one consumer (with the tenant it belongs to). {@code attempt} is this delivery's 1-based number;
 * {@code ageSeconds} is the time since it was published, read from the database clock at claim.
 */
public record ClaimedEvent(UUID id, String tenantId, String type, UUID aggregateId, String idempotencyKey, int payloadVersion,
		String payloadJson, int attempt, int maxAttempts, double ageSeconds, String consumer) {
}
