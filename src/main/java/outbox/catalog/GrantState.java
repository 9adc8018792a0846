package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What happened to a stage's grant: given by the stage's approval, or undone by compensation. */
public enum GrantState {

	GRANTED, COMPENSATED;

	@JsonValue
	public String value() {
		return name().toLowerCase();
	}

	@JsonCreator
	public static GrantState of(String value) {
		return valueOf(value.toUpperCase());
	}
}
