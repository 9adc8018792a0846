package outbox.admin;

import java.time.OffsetDateTime;

/**
 * One failed delivery attempt. {@code redrive} counts the admin retries before it (0: the first
 * attempt budget).
 */
public record Attempt(int redrive, int attempt, String outcome, String errorClass, String errorMessage, String errorStack,
		Long durationMs, String workerId, OffsetDateTime attemptedAt) {
}
