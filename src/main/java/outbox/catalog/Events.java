package outbox.catalog;

import java.util.Objects;

/** Checks shared by the catalog records' constructors: a missing required field is a broken event. */
final class Events {

	private Events() {
	}

	static <T> T required(T value, String field) {
		return Objects.requireNonNull(value, () -> field + " is required");
	}

	static String requiredText(String value, String field) {
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException(field + " is required");
		}
		return value;
	}
}
