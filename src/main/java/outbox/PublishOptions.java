package outbox;

/**
 * How one event is published: its delivery budget ({@code maxAttempts}, default 5) and,
 * rarely, an idempotency key other than the event's own. Null means "the default".
 */
public record PublishOptions(Integer maxAttempts, String idempotencyKey) {

	public static final PublishOptions DEFAULTS = new PublishOptions(null, null);

	public static PublishOptions maxAttempts(int maxAttempts) {
		return new PublishOptions(maxAttempts, null);
	}

	public static PublishOptions idempotencyKey(String idempotencyKey) {
		return new PublishOptions(null, idempotencyKey);
	}
}
