package outbox.store;

import java.time.Duration;

/**
 * The evidence of one failed attempt and what follows from it: another attempt after
 * {@code retryDelay}, or (when {@code deadLetter}) the dead letters.
 */
public record FailedAttempt(boolean deadLetter, Duration retryDelay, String errorClass, String errorMessage,
		String errorStack, long durationMillis, String workerId) {
}
