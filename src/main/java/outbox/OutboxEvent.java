package outbox;

import java.util.Map;
import java.util.UUID;

/**
 * An event to publish. {@code payloadVersion} and {@code maxAttempts} may be null and then
 * default to 1 and 5. The payload must be JSON-serialisable (strings, numbers, booleans, lists,
 * maps).
 */
public record OutboxEvent(String type, UUID aggregateId, String idempotencyKey, Map<String, Object> payload,
		Integer payloadVersion, Integer maxAttempts) {

	public static OutboxEvent of(String type, UUID aggregateId, String idempotencyKey, Map<String, Object> payload) {
		return new OutboxEvent(type, aggregateId, idempotencyKey, payload, null, null);
	}
}
