package hr;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * Where a write of an employee came from: recorded with every change (history, audit) and carried
 * by its event as {@link #value()} ({@code console}, {@code api}, ...), so a change can be traced to
 * the console, the JSON API, a file import, a source sync or a SCIM push.
 */
public enum ChangeSource implements LowerCaseName {
	CONSOLE, API, IMPORT, SYNC, SCIM;

	@JsonCreator
	public static ChangeSource of(String value) {
		return LowerCaseName.parse(ChangeSource.class, value);
	}
}
