package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** The JML processes a run can follow; the lower-case value is the definition key. */
public enum RunDefinition implements LowerCaseName {

	JOINER, MOVER, LEAVER;

	/** The definition key: the {@link #value()} under the name the definitions use. */
	public String key() {
		return value();
	}

	@JsonCreator
	public static RunDefinition of(String key) {
		return LowerCaseName.parse(RunDefinition.class, key);
	}
}
