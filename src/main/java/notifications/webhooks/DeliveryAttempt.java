package notifications.webhooks;

import platform.LeasedRows;

/** What one delivery attempt came to: the response code (null when none came), how long it took, what went wrong. */
record DeliveryAttempt(boolean succeeded, boolean retryable, String error, Integer responseCode, long durationMs)
		implements LeasedRows.Attempt {
}
