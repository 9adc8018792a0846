package notifications.store;

import java.time.Instant;
import java.util.UUID;

import notifications.NotificationStatus;

/** A mail a "Notify" stage sent: to whom, and how it went. */
public record StageMail(UUID id, UUID stageId, String recipient, NotificationStatus status, Instant sentAt) {
}
