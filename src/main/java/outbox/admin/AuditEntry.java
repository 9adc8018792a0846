package outbox.admin;

import java.time.OffsetDateTime;
import java.util.UUID;

/** One audited admin action on dead letters; {@code filter} is the JSON filter of a bulk action. */
public record AuditEntry(String actor, String action, UUID eventId, String filter, int affected, OffsetDateTime actedAt) {
}
