package workflow;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** What a stage does: wait for a quorum of approvals, or inform its group and close. */
public enum StageKind implements LowerCaseName {

	APPROVAL, NOTIFY;

	@JsonCreator
	public static StageKind of(String value) {
		return LowerCaseName.parse(StageKind.class, value);
	}
}
