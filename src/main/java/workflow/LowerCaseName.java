package workflow;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The stable name of a workflow state in JSON, in the database and in Temporal payloads: the
 * constant's name in lower case. Each enum declares its own {@code @JsonCreator of(String)} with
 * {@link #parse}, which also accepts the upper-case names older Temporal histories carry.
 */
public interface LowerCaseName {

	String name();

	@JsonValue
	default String value() {
		return name().toLowerCase(Locale.ROOT);
	}

	static <E extends Enum<E>> E parse(Class<E> type, String value) {
		return value == null ? null : Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
	}
}
