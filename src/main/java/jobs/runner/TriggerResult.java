package jobs.runner;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** What a manual {@link JobRunner#trigger()} did; {@link #value()} is the stored and API value. */
public enum TriggerResult implements LowerCaseName {

	/** The runner was idle; the invocation started now. */
	STARTED(true),
	/** An invocation is in flight; one follow-up run was queued for when it returns. */
	QUEUED(true),
	/** An invocation is in flight and a follow-up is already queued; this trigger was coalesced into it. */
	COALESCED(false),
	/** The runner is not running (not started yet, or stopped); nothing was admitted. */
	NOT_RUNNING(false);

	private final boolean accepted;

	TriggerResult(boolean accepted) {
		this.accepted = accepted;
	}

	/** Whether this trigger caused (or will cause) an invocation of its own. */
	public boolean accepted() {
		return accepted;
	}

	@JsonCreator
	public static TriggerResult of(String value) {
		return LowerCaseName.parse(TriggerResult.class, value);
	}
}
