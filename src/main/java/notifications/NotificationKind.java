package notifications;

import platform.LowerCaseName;

/** What a notification tells: the kinds of mail this module sends, each from its own template. */
public enum NotificationKind implements LowerCaseName {

	/** A stage became active: its assignee may decide it. */
	STAGE_ASSIGNED,
	/** A run completed: told to the HR user who asked for it and the employee's manager. */
	RUN_COMPLETED,
	/** A run was rejected: told to the HR user who asked for it and the employee's manager. */
	RUN_REJECTED
}
