package workflow;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.swagger.v3.oas.annotations.media.Schema;
import platform.Badge;

/**
 * What one of a run's grant changes did (or is to do) in a directory, as the module that applies
 * grants reports it through {@link RunEffects}: which grant, on which target, the operation and its
 * status (open vocabularies: the applying module may add values), when it may run, how often it was
 * tried, the last error and the read-back receipt (null until the directory was read back).
 * {@code badge} is how the console shows the status, chosen by the module that owns the statuses.
 */
public record RunEffect(UUID id, String grant, String target, String operation, String status, Instant scheduledFor,
		int attempts, String lastError, EffectReceipt receipt, Instant settledAt,
		@JsonIgnore @Schema(hidden = true) Badge badge) {

	/** Whether an ADMIN may retry it: it failed for good. */
	@JsonIgnore
	public boolean retryable() {
		return "failed".equals(status);
	}

	/** The directory's object ({@code dn}) as read back before and after the write, at {@code at}, on attempt {@code attempt}. */
	@JsonIgnoreProperties(ignoreUnknown = true)
	public record EffectReceipt(String dn, DirectoryState before, DirectoryState after, Instant at, Integer attempt) {

		/** The groups the object is in after the write (none when absent). */
		@JsonIgnore
		public List<String> groupsAfter() {
			return after == null || after.groups() == null ? List.of() : after.groups();
		}
	}

	/** The object as read: whether it exists, its managed attributes and the managed groups it is in. */
	@JsonIgnoreProperties(ignoreUnknown = true)
	public record DirectoryState(boolean exists, Map<String, String> attributes, List<String> groups) {
	}
}
