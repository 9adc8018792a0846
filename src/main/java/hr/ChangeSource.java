package hr;

import java.util.Locale;

/**
 * Where a write of an employee came from: recorded with every change (history, audit) and carried
 * by its event, so a change can be traced to the console, the JSON API, a file import, a source
 * sync or a SCIM push.
 */
public enum ChangeSource {
	CONSOLE, API, IMPORT, SYNC, SCIM;

	/** The stored and published name: {@code console}, {@code api}, ... */
	public String value() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static ChangeSource of(String value) {
		return valueOf(value.toUpperCase(Locale.ROOT));
	}
}
