package notifications.webhooks;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The webhook sender: whether this instance sends, whether loopback, private and link-local
 * addresses may be delivered to ({@code allowPrivate}; null: in the demo only), how often it looks for
 * due deliveries, the lease of a claim, the batch and how many deliveries run at once, the HTTP
 * timeouts, the backoff (doubling from {@code firstBackoff} to {@code maxBackoff}) within the
 * {@code retryBudget} of a delivery, and how long an endpoint may fail before it is disabled.
 */
@ConfigurationProperties("jmlhub.webhooks")
public record WebhookProperties(boolean enabled, Boolean allowPrivate, Duration pollInterval, Duration lease,
		int batchSize, int parallelism, Duration connectTimeout, Duration requestTimeout, Duration firstBackoff,
		Duration maxBackoff, Duration retryBudget, Duration disableAfter) {
}
