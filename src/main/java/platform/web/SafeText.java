package platform.web;

import java.util.Optional;

/**
 * The one rule for text that reaches the application from outside (bodies, forms, query
 * parameters, headers): no NUL (PostgreSQL cannot store it), no unpaired UTF-16 surrogate, and no
 * U+FFFD (what invalid UTF-8 decodes to). Such input is refused as the caller's mistake.
 */
final class SafeText {

	static final String NOT_ALLOWED = "contains characters that are not allowed (NUL, invalid UTF-8 or an unpaired surrogate)";

	private SafeText() {
	}

	/** Why {@code text} is refused, or empty when it is fine. */
	static Optional<String> problem(String text) {
		if (text == null) {
			return Optional.empty();
		}
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '\0' || c == '\uFFFD') {
				return Optional.of(NOT_ALLOWED);
			}
			if (Character.isHighSurrogate(c)) {
				if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
					return Optional.of(NOT_ALLOWED);
				}
				i++;
			}
			else if (Character.isLowSurrogate(c)) {
				return Optional.of(NOT_ALLOWED);
			}
		}
		return Optional.empty();
	}
}
