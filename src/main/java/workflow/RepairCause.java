package workflow;

import java.util.Locale;

import platform.LowerCaseName;

/**
 * Which runs an ADMIN repairs in one action: those that failed to start, those that need attention
 * because their execution is {@code lost} (Temporal does not know it), {@code closed} (it ended
 * while the run is live) or a decision was {@code undeliverable} (it found no workflow), those
 * that need attention for any {@code other} cause, or every run that needs attention.
 */
public enum RepairCause implements LowerCaseName {

	START_FAILED, LOST, CLOSED, UNDELIVERABLE, OTHER, NEEDS_ATTENTION;

	/** The cause named {@code value}, or null when there is no such cause. */
	public static RepairCause find(String value) {
		if (value == null) {
			return null;
		}
		for (RepairCause cause : values()) {
			if (cause.value().equals(value.strip().toLowerCase(Locale.ROOT))) {
				return cause;
			}
		}
		return null;
	}

	/** Whether the cause is stored with the run that needs attention ({@code attention_cause}). */
	public boolean stored() {
		return this == LOST || this == CLOSED || this == UNDELIVERABLE;
	}
}
