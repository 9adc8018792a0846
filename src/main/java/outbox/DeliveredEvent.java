package outbox;

import java.util.Map;
import java.util.UUID;

/** An event as handed to its handler, with the attempt number (1-based). */
public record DeliveredEvent(UUID id, String tenantId, String type, UUID aggregateId, String idempotencyKey,
		int payloadVersion, Map<String, Object> payload, int attempt) {

	public String string(String field) {
		Object value = payload.get(field);
		return value == null ? null : value.toString();
	}

	public UUID uuid(String field) {
		String value = string(field);
		return value == null ? null : UUID.fromString(value);
	}
}
