package platform;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The one way a stored enum is written: the constant's name in lower case, the same in JSON, in
 * SQL columns, in Temporal payloads and in templates ({@code ${x.status.value()}}). Each enum
 * declares its own {@code @JsonCreator of(String)} with {@link #parse}, which also accepts the
 * upper-case names older Temporal histories carry.
 */
public interface LowerCaseName {

	String name();

	@JsonValue
	default String value() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** The constant whose value is {@code value} (in any case); {@code null} for {@code null}. */
	static <E extends Enum<E>> E parse(Class<E> type, String value) {
		return value == null ? null : Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
	}

	/** Every value of {@code type}, in declaration order (for messages and filter forms). */
	static <E extends Enum<E> & LowerCaseName> List<String> values(Class<E> type) {
		return Arrays.stream(type.getEnumConstants()).map(LowerCaseName::value).toList();
	}

	/** The value of {@code constant}, or {@code null} for {@code null} (an SQL parameter or a JSON field). */
	static String valueOf(LowerCaseName constant) {
		return constant == null ? null : constant.value();
	}
}
