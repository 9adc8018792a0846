package workflow;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where the start of a {@code requested} run stands while its start request is retried: delivery
 * {@code failedAttempt} of {@code maxAttempts} failed at {@code failedAt} with {@code error}.
 * Gone once the execution is recorded.
 */
public record StartProgress(int failedAttempt, int maxAttempts, String error, Instant failedAt) {

	/** The attempt that comes (or runs) next. */
	@JsonProperty
	public int nextAttempt() {
		return Math.min(failedAttempt + 1, maxAttempts);
	}

	/** For example: retrying, attempt 2 of 5: Temporal unreachable. */
	@JsonProperty
	public String summary() {
		return "retrying, attempt " + nextAttempt() + " of " + maxAttempts + ": " + error;
	}
}
