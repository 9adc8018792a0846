package notifications.web;

import notifications.NotificationStatus;
import notifications.store.Notification;
import platform.Badge;

/** A row of the Mail page: the notification and its status badge. */
record MailRow(Notification notification, Badge badge, boolean retryable) {

	static MailRow of(Notification notification) {
		return new MailRow(notification, MailBadges.of(notification.status()),
				notification.status() == NotificationStatus.FAILED);
	}
}
