package notifications.store;

import java.time.Instant;
import java.util.UUID;

import notifications.NotificationKind;
import notifications.NotificationStatus;

/** A notification as the Mail page lists it. */
public record Notification(UUID id, long position, NotificationKind kind, String recipient, String email,
		String subject, NotificationStatus status, int attempts, String lastError, Instant nextAttemptAt,
		Instant createdAt, Instant sentAt, String sourceEventType) {
}
