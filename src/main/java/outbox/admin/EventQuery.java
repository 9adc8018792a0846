package outbox.admin;

import java.util.UUID;

/** Event search criteria, all optional and combined with AND. */
public record EventQuery(UUID aggregateId, String idempotencyKey, String eventType, EventStatus status, String consumer) {
}
