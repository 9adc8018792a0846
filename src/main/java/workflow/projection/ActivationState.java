package workflow.projection;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * What activating a stage came to, as the projection reports it to the workflow. Temporal
 * histories recorded before this type existed carry the upper-case names, which {@link #of} reads.
 */
public enum ActivationState implements LowerCaseName {

	/** An approval stage now waits for decisions of the assignees. */
	ACTIVE,
	/** A notify stage informed its recipients and closed. */
	NOTIFIED,
	/** Not activatable now (e.g. no eligible approver); try again later. */
	BLOCKED,
	/** The run ended meanwhile (withdrawn before it started): stop. */
	RUN_CLOSED;

	@JsonCreator
	public static ActivationState of(String value) {
		return LowerCaseName.parse(ActivationState.class, value);
	}
}
