package notifications.webhooks;

import java.time.Instant;
import java.util.UUID;

import platform.LeasedRows;

/** A delivery claimed for one attempt, fenced by {@code token}: what the sender needs. */
record ClaimedDelivery(UUID id, String tenantId, UUID endpointId, String url, String sealedSecret, String messageId,
		String payload, int attempts, Instant firstAttemptAt, UUID token) implements LeasedRows.Claimed {
}
