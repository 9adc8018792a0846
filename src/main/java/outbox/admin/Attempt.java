package outbox.admin;

import java.time.OffsetDateTime;

import io.swagger.v3.oas.annotations.media.Schema;

import outbox.dispatch.Outcome;

/**
 * One failed delivery attempt. {@code redrive} counts the admin retries before it (0: the first
 * attempt budget). The outcome is documented as the plain string the API has always published.
 */
public record Attempt(int redrive, int attempt, @Schema(implementation = String.class) Outcome outcome,
		String errorClass, String errorMessage, String errorStack, Long durationMs, String workerId, OffsetDateTime attemptedAt) {
}
