package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** How a run HR asked for ended; {@code NOT_STARTED}: no run was created (auto-start is off). */
public enum RunOutcome implements LowerCaseName {

	COMPLETED, REJECTED, WITHDRAWN, START_FAILED, NOT_STARTED;

	@JsonCreator
	public static RunOutcome of(String value) {
		return LowerCaseName.parse(RunOutcome.class, value);
	}
}
