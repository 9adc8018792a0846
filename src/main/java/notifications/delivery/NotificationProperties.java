package notifications.delivery;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The mail sender: how often it looks for due notifications, the lease of a claim, the backoff
 * (doubling from {@code firstBackoff} to {@code maxBackoff}), the time after the first attempt
 * after which a failing notification is {@code failed} ({@code retryBudget}), the sender address
 * ({@code from}) and the address the links in mails start with ({@code publicBaseUrl}; empty: this
 * instance's own {@code http://localhost:<port>}).
 */
@ConfigurationProperties("jmlhub.notifications")
public record NotificationProperties(boolean enabled, Duration pollInterval, Duration lease, Duration firstBackoff,
		Duration maxBackoff, Duration retryBudget, int batchSize, String from, String publicBaseUrl) {
}
