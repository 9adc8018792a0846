package notifications.store;

import java.util.UUID;

import notifications.NotificationKind;
import notifications.NotificationStatus;

/**
 * A notification as the intake decided it: whom, what, from which event (its idempotency key
 * {@code eventKey}), rendered, its first status ({@code pending}, {@code not_configured} or
 * {@code skipped} with {@code reason}), and the run and stage it is about (null when none).
 */
public record NewNotification(String eventKey, UUID sourceEventId, String sourceEventType, NotificationKind kind,
		String recipient, String email, String subject, String bodyText, String bodyHtml, NotificationStatus status,
		String reason, UUID runId, UUID stageId) {

	/** About no run. */
	public NewNotification(String eventKey, UUID sourceEventId, String sourceEventType, NotificationKind kind,
			String recipient, String email, String subject, String bodyText, String bodyHtml, NotificationStatus status,
			String reason) {
		this(eventKey, sourceEventId, sourceEventType, kind, recipient, email, subject, bodyText, bodyHtml, status, reason,
				null, null);
	}
}
