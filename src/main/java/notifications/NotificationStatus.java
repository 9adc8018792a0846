package notifications;

import platform.LowerCaseName;

/**
 * Where a notification is: {@code pending} (to send, maybe after a failed attempt), {@code sending}
 * (claimed by a sender), {@code sent}, {@code failed} (for good, until an admin's retry),
 * {@code not_configured} (no SMTP server: recorded, never sent) and {@code skipped} (nobody to
 * send to: the reason is the last error).
 */
public enum NotificationStatus implements LowerCaseName {

	PENDING, SENDING, SENT, FAILED, NOT_CONFIGURED, SKIPPED
}
