package notifications.store;

import java.time.Instant;
import java.util.UUID;

import notifications.NotificationKind;
import notifications.NotificationStatus;

/**
 * Which notifications a list shows; each null field filters nothing: one recipient (username),
 * kind, status, created in [{@code from}, {@code to}), or the one notification {@code id}.
 */
public record NotificationFilter(String recipient, NotificationKind kind, NotificationStatus status, Instant from,
		Instant to, UUID id) {

	public static final NotificationFilter ALL = new NotificationFilter(null, null, null, null, null, null);

	public static NotificationFilter ofStatus(NotificationStatus status) {
		return new NotificationFilter(null, null, status, null, null, null);
	}
}
