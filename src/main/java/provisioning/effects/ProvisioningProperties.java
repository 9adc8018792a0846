package provisioning.effects;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The effect dispatcher: how often it looks for due effects, the lease of a claim, the backoff
 * (doubling from {@code firstBackoff} to {@code maxBackoff}) and the time after the first attempt
 * after which a failing effect is {@code failed} ({@code retryBudget}); the threads that work
 * effects ({@code threads}) and how many of them one tenant may hold at once
 * ({@code tenantParallelism}), so one tenant's slow directory does not hold up the others.
 */
@ConfigurationProperties("jmlhub.provisioning")
public record ProvisioningProperties(boolean enabled, Duration pollInterval, Duration lease, Duration firstBackoff,
		Duration maxBackoff, Duration retryBudget, int batchSize, int threads, int tenantParallelism) {

	/** At least one thread. */
	int threadsOrDefault() {
		return Math.max(1, threads);
	}

	/** At least one lane, and fewer than the threads when there are several: another tenant always has one. */
	int tenantParallelismOrDefault() {
		int threads = threadsOrDefault();
		return Math.max(1, Math.min(tenantParallelism, threads == 1 ? 1 : threads - 1));
	}
}
