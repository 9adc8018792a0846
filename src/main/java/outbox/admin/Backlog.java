package outbox.admin;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A tenant's outbox backlog. {@code stuck} counts the processing events whose claim passed its
 * lease (a dead or stalled worker; rescued within seconds); {@code oldestPendingSeconds} is null when nothing is pending;
 * {@code deliveredLastMinute} is the recent dispatch rate.
 */
public record Backlog(long pending, long processing, long stuck, long failed,
		@JsonInclude(JsonInclude.Include.ALWAYS) Double oldestPendingSeconds, long deliveredLastMinute,
		List<TypeBacklog> byEventType) {

	/** The backlog of one event type for one of its consumers. */
	public record TypeBacklog(String eventType, String consumer, long pending, long failed) {
	}
}
