package outbox;

import java.util.UUID;

/**
 * What the dispatcher knows about one delivery of an event, handed to its handler with the typed
 * record: the stored event's id and tenant, its type key and payload version as stored (an older
 * version has already been upcast), and this attempt's 1-based number.
 */
public record Delivery(UUID eventId, String tenantId, String type, int payloadVersion, String idempotencyKey,
		int attempt) {
}
