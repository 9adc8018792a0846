package workflow;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** Whether what an approved stage gave still stands or was undone by compensation. */
public enum GrantStatus implements LowerCaseName {

	GRANTED, COMPENSATED;

	@JsonCreator
	public static GrantStatus of(String value) {
		return LowerCaseName.parse(GrantStatus.class, value);
	}
}
