package notifications;

import platform.LowerCaseName;

/** What a notification tells: the kinds of mail this module sends, each from its own template. */
public enum NotificationKind implements LowerCaseName {

	/** A stage became active: its assignee may decide it. */
	STAGE_ASSIGNED,
	/** A run completed: told to the HR user who asked for it and the employee's manager. */
	RUN_COMPLETED,
	/** A run was rejected: told to the HR user who asked for it and the employee's manager. */
	RUN_REJECTED,
	/** A run was returned: told to the HR user who asked for it, who edits and resubmits it. */
	RUN_RETURNED,
	/** A run failed to start: told to the tenant's admins, who repair it. */
	RUN_START_FAILED,
	/** A run needs attention (its workflow cannot go on): told to the tenant's admins, who repair it. */
	RUN_NEEDS_ATTENTION,
	/** A provisioning effect failed for good: told to the tenant's admins, who retry it. */
	EFFECT_FAILED,
	/** A leaver's access ends tomorrow: told to the employee's manager. */
	ACCESS_ENDING,
	/** A "Notify" stage was reached: told to each member of its group. */
	STAGE_NOTIFIED
}
