package outbox.admin;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Everything known about one outbox event's row for one consumer: state, payload and its attempt history. The status is
 * documented as the plain string it always was.
 */
public record EventDetail(UUID id, String eventType, String consumer, UUID aggregateId, String idempotencyKey,
		@Schema(implementation = String.class) EventStatus status, int attempts, int maxAttempts, int redrives, String lastErrorClass, String lastError, String claimedBy, OffsetDateTime createdAt,
		OffsetDateTime availableAt, OffsetDateTime deliveredAt, OffsetDateTime failedAt, OffsetDateTime discardedAt,
		int payloadVersion, Map<String, Object> payload, List<Attempt> attemptHistory) {
}
