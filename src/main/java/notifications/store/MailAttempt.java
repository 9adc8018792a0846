package notifications.store;

import platform.LeasedRows;

/** What one attempt to send a notification came to. */
public record MailAttempt(boolean succeeded, boolean retryable, String error) implements LeasedRows.Attempt {

	public static final MailAttempt SENT = new MailAttempt(true, false, null);

	public static MailAttempt failed(String error, boolean retryable) {
		return new MailAttempt(false, retryable, error);
	}
}
