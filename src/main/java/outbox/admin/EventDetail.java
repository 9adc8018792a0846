package outbox.admin;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Everything known about one outbox event: state, payload and its attempt history. */
public record EventDetail(UUID id, String eventType, UUID aggregateId, String idempotencyKey, String status, int attempts,
		int maxAttempts, int redrives, String lastErrorClass, String lastError, String claimedBy, OffsetDateTime createdAt,
		OffsetDateTime availableAt, OffsetDateTime deliveredAt, OffsetDateTime failedAt, OffsetDateTime discardedAt,
		int payloadVersion, Map<String, Object> payload, List<Attempt> attemptHistory) {
}
