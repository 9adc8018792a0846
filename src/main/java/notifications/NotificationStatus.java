package notifications;

import platform.LowerCaseName;

/**
 * Where a notification is: {@code pending} (to send, maybe after a failed attempt), {@code sending}
 * (claimed by a sender), {@code sent}, {@code failed} (for good, until an admin's retry),
 * {@code not_configured} (no SMTP server: recorded, never sent), {@code skipped} (nobody to
 * send to, or the recipient turned the kind off: the reason is the last error) and {@code digested}
 * (waiting for the recipient's daily digest, which marks it sent).
 */
public enum NotificationStatus implements LowerCaseName {

	PENDING, SENDING, SENT, FAILED, NOT_CONFIGURED, SKIPPED, DIGESTED
}
