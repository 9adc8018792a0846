package workflow;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** What the workflow made of a recorded action. */
public enum ActionOutcome implements LowerCaseName {

	APPLIED, IGNORED;

	@JsonCreator
	public static ActionOutcome of(String value) {
		return LowerCaseName.parse(ActionOutcome.class, value);
	}
}
