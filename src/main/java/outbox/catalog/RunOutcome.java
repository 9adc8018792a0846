package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a run HR asked for ended; {@code NOT_STARTED}: no run was created (auto-start is off). */
public enum RunOutcome {

	COMPLETED, REJECTED, WITHDRAWN, START_FAILED, NOT_STARTED;

	@JsonValue
	public String value() {
		return name().toLowerCase();
	}

	@JsonCreator
	public static RunOutcome of(String value) {
		return valueOf(value.toUpperCase());
	}
}
