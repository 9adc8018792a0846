package notifications.store;

import java.time.Instant;
import java.util.UUID;

import platform.LeasedRows;

/** A notification claimed for sending, fenced by {@code token}: what the sender needs. */
public record ClaimedMail(UUID id, String tenantId, String email, String subject, String bodyText, String bodyHtml,
		int attempts, Instant firstAttemptAt, UUID token) implements LeasedRows.Claimed {
}
