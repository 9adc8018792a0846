package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** What happened to a stage's grant: given by the stage's approval, or undone by compensation. */
public enum GrantState implements LowerCaseName {

	GRANTED, COMPENSATED;

	@JsonCreator
	public static GrantState of(String value) {
		return LowerCaseName.parse(GrantState.class, value);
	}
}
