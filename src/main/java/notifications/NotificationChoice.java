package notifications;

import platform.LowerCaseName;

/** How a user wants a kind of notification: at once, in the daily digest, or not at all. */
public enum NotificationChoice implements LowerCaseName {

	IMMEDIATE, DIGEST, OFF
}
