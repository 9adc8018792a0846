package notifications.store;

import java.time.Instant;
import java.util.UUID;

import notifications.NotificationKind;

/** A notification waiting for its recipient's daily digest: what the digest lists of it. */
public record DigestItem(UUID id, NotificationKind kind, String subject, String link, Instant createdAt) {
}
