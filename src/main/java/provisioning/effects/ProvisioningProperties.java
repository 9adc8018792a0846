package provisioning.effects;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The effect dispatcher: how often it looks for due effects, the lease of a claim, the backoff
 * (doubling from {@code firstBackoff} to {@code maxBackoff}) and the time after the first attempt
 * after which a failing effect is {@code failed} ({@code retryBudget}).
 */
@ConfigurationProperties("jmlhub.provisioning")
public record ProvisioningProperties(boolean enabled, Duration pollInterval, Duration lease, Duration firstBackoff,
		Duration maxBackoff, Duration retryBudget, int batchSize) {
}
