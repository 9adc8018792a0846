package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The JML processes a run can follow; the JSON value is the lower-case name, as the definition keys. */
public enum RunDefinition {

	JOINER, MOVER, LEAVER;

	@JsonValue
	public String key() {
		return name().toLowerCase();
	}

	@JsonCreator
	public static RunDefinition of(String key) {
		return valueOf(key.toUpperCase());
	}
}
