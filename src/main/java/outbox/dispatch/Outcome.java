package outbox.dispatch;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * How a dispatch attempt ended: the {@code outcome} label of {@code outbox_dispatch_total} and,
 * but for {@link #STALE}, the stored {@code outbox_attempts.outcome}.
 */
public enum Outcome implements LowerCaseName {

	SUCCEEDED, RETRIED, DEAD_LETTERED,
	/** A completion by a worker that had lost its claim: it changed nothing. */
	STALE;

	@JsonCreator
	public static Outcome of(String value) {
		return LowerCaseName.parse(Outcome.class, value);
	}
}
