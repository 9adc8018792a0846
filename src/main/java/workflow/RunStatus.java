package workflow;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** Where a run is; declared in the order the console lists them. */
public enum RunStatus implements LowerCaseName {

	/** Created; its process is not started yet (or waits for its pre-hire start). */
	REQUESTED,
	RUNNING,
	/** A stage sent it back; waits for HR to resubmit or withdraw. */
	RETURNED,
	/**
	 * It cannot go on by itself (an undeliverable decision, its workflow execution closed or
	 * vanished, an activity that failed for good): see the run's attention; an admin repairs it.
	 */
	NEEDS_ATTENTION,
	COMPLETED,
	REJECTED,
	WITHDRAWN,
	/** The process could not be started, or its first stage could not be activated. */
	START_FAILED;

	/** Whether the run takes no more actions. */
	public boolean finished() {
		return this == START_FAILED || this == COMPLETED || this == REJECTED || this == WITHDRAWN;
	}

	@JsonCreator
	public static RunStatus of(String value) {
		return LowerCaseName.parse(RunStatus.class, value);
	}
}
