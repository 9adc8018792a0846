package notifications.store;

import java.util.UUID;

import notifications.NotificationKind;
import notifications.NotificationStatus;

/**
 * A notification as the intake decided it: whom, what, from which event (its idempotency key
 * {@code eventKey}), rendered, and its first status ({@code pending}, {@code not_configured},
 * {@code digested} or {@code skipped} with {@code reason}); the run and stage it is about (null when
 * none), the page it points at ({@code link}, listed in a digest) and its one-click unsubscribe
 * address (null when the kind cannot be turned off).
 */
public record NewNotification(String eventKey, UUID sourceEventId, String sourceEventType, NotificationKind kind,
		String recipient, String email, String subject, String bodyText, String bodyHtml, NotificationStatus status,
		String reason, UUID runId, UUID stageId, String link, String unsubscribeUrl) {
}
