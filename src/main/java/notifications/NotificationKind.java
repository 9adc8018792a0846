package notifications;

import platform.LowerCaseName;

/**
 * What a notification tells: the kinds of mail this module sends, each from its own template. A kind
 * says whether its recipient may turn it off ({@link Opting}); a kind declared without one may be
 * turned off, and every kind reaches a user immediately until they choose otherwise
 * ({@code NotificationPreferences}).
 */
public enum NotificationKind implements LowerCaseName {

	/** A stage became active: its assignee may decide it. Work waits on it: digested at most, never off. */
	STAGE_ASSIGNED(Opting.DIGEST_ONLY),
	/** A stage's assignees are reminded of it, on the cadence its definition sets. */
	STAGE_REMINDER,
	/** A stage's assignees are warned that it escalates unless they decide. */
	ESCALATION_WARNING,
	/** A stage escalated: its escalation target is told (and may decide it when it was added as an approver). */
	STAGE_ESCALATED(Opting.DIGEST_ONLY),
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
	/** A webhook endpoint failing for too long was disabled: told to the tenant's admins, who enable it again. */
	WEBHOOK_DISABLED,
	/** A leaver's access ends tomorrow: told to the employee's manager. */
	ACCESS_ENDING,
	/** A "Notify" stage was reached: told to each member of its group. */
	STAGE_NOTIFIED,
	/** The day's digest of one recipient: what they chose to get once a day. Not itself a choice. */
	DAILY_DIGEST(Opting.NONE);

	/** What a recipient may choose for a kind. */
	public enum Opting {
		/** Immediate, in the digest, or off. */
		ANY,
		/** Immediate or in the digest; never off (assignments and escalations: work waits on them). */
		DIGEST_ONLY,
		/** Not a choice of the user's (the digest itself). */
		NONE
	}

	private final Opting opting;

	NotificationKind() {
		this(Opting.ANY);
	}

	NotificationKind(Opting opting) {
		this.opting = opting;
	}

	/** Whether users choose how this kind reaches them (every kind but the digest itself). */
	public boolean chosenByUser() {
		return opting != Opting.NONE;
	}

	/** Whether a user may turn this kind off (only then does its mail carry List-Unsubscribe). */
	public boolean mayTurnOff() {
		return opting == Opting.ANY;
	}

	/** What people call it: "Stage assigned". */
	public String label() {
		String words = name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
		return Character.toUpperCase(words.charAt(0)) + words.substring(1);
	}
}
