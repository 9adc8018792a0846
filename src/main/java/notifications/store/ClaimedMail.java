package notifications.store;

import java.time.Instant;
import java.util.UUID;

import platform.LeasedRows;

/**
 * A notification claimed for sending, fenced by {@code token}: what the sender needs
 * ({@code unsubscribeUrl}: its List-Unsubscribe address, null when none).
 */
public record ClaimedMail(UUID id, String tenantId, String email, String subject, String bodyText, String bodyHtml,
		int attempts, Instant firstAttemptAt, UUID token, String unsubscribeUrl) implements LeasedRows.Claimed {
}
