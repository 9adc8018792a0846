package notifications;

import platform.LowerCaseName;

/** What a notification tells: the kinds of mail this module sends, each from its own template. */
public enum NotificationKind implements LowerCaseName {

	/** A stage became active: its assignee may decide it. */
	STAGE_ASSIGNED,
	/** A stage's assignees are reminded of it, on the cadence its definition sets. */
	STAGE_REMINDER,
	/** A stage's assignees are warned that it escalates unless they decide. */
	ESCALATION_WARNING,
	/** A stage escalated: its escalation target is told (and may decide it when it was added as an approver). */
	STAGE_ESCALATED,
	/** A run completed: told to the HR user who asked for it and the employee's manager. */
	RUN_COMPLETED,
	/** A run was rejected: told to the HR user who asked for it and the employee's manager. */
	RUN_REJECTED
}
