package outbox.admin;

import java.time.OffsetDateTime;
import java.util.UUID;

/** An outbox event in a search result. */
public record EventSummary(UUID id, String eventType, UUID aggregateId, String idempotencyKey, String status, int attempts,
		int maxAttempts, String lastErrorClass, String lastError, OffsetDateTime createdAt, OffsetDateTime deliveredAt,
		OffsetDateTime failedAt) {
}
