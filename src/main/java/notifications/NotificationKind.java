package notifications;

import platform.LowerCaseName;

/** What a notification tells: the kinds of mail this module sends, each from its own template. */
public enum NotificationKind implements LowerCaseName {

	/** A stage became active: its assignee may decide it. */
	STAGE_ASSIGNED
}
