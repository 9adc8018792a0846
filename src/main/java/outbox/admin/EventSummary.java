package outbox.admin;

import java.time.OffsetDateTime;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * An outbox event (its row for one consumer) in a search result; the status is documented as the
 * plain string it always was.
 */
public record EventSummary(UUID id, String eventType, String consumer, UUID aggregateId, String idempotencyKey,
		@Schema(implementation = String.class) EventStatus status, int attempts, int maxAttempts, String lastErrorClass, String lastError, OffsetDateTime createdAt, OffsetDateTime deliveredAt,
		OffsetDateTime failedAt) {
}
