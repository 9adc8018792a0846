package outbox.admin;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A dead letter in a list: the event that failed for good for its consumer, and its last error. */
public record DeadLetter(UUID id, String eventType, String consumer, UUID aggregateId, int attempts, String errorClass,
		String lastError, OffsetDateTime failedAt) {
}
