package workflow;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** Where a stage of a run is. */
public enum StageStatus implements LowerCaseName {

	PENDING,
	/** Could not be activated (no eligible approvers); retried on a timer. */
	BLOCKED,
	/** Waits for the decisions of its assignees. */
	ACTIVE,
	RETURNED,
	APPROVED,
	/** A notify stage that informed its recipients. */
	COMPLETED,
	REJECTED,
	WITHDRAWN;

	@JsonCreator
	public static StageStatus of(String value) {
		return LowerCaseName.parse(StageStatus.class, value);
	}
}
