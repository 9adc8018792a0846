package notifications.webhooks;

import java.time.Instant;
import java.util.UUID;

import platform.Badge;

/** One delivery on its endpoint's page: what was sent and how its last attempt went. */
record DeliveryLogEntry(UUID id, String messageId, String eventType, String status, int attempts, Integer responseCode,
		Long durationMs, String lastError, Instant lastAttemptAt, Instant nextAttemptAt, Instant createdAt,
		Instant deliveredAt) {

	/** Its status as the endpoint's page shows it. */
	public Badge badge() {
		return new Badge(status, switch (status) {
			case "delivered" -> Badge.Tone.SUCCESS;
			case "failed" -> Badge.Tone.DANGER;
			case "sending" -> Badge.Tone.INFO;
			default -> Badge.Tone.WARNING;
		});
	}

	public boolean redeliverable() {
		return "delivered".equals(status) || "failed".equals(status);
	}
}
