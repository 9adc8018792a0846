package outbox.dispatch;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;

/**
 * Outbox settings ({@code outbox.*} in application.yml, each with an environment variable).
 *
 * @param dispatchThreads dispatcher threads per instance, each working one tenant batch at a time
 * @param batchSize events claimed per tenant claim (the seed used 2; larger batches amortise the claim and
 *        completion statements)
 * @param pollInterval fallback poll when no NOTIFY arrives
 * @param attemptTimeout how long one handler call may take before it counts as a failed attempt
 * @param eventLease how long a claimed event belongs to its worker; must exceed the attempt timeout
 * @param queueLease how long a claimed tenant row belongs to its worker; must exceed the event lease
 * @param retryBaseDelay backoff before the second attempt; doubles per attempt
 * @param retryMaxDelay cap of the backoff
 * @param shutdownTimeout how long shutdown waits for in-flight handlers
 * @param listenReconnectDelay pause between attempts to re-open the LISTEN connection
 * @param workerId this instance's name in claims and attempt history; empty: host name and pid
 * @param retention how long delivered and discarded events are kept
 * @param retentionBatchSize rows deleted per retention statement
 * @param backlogCacheTtl how long a computed {@code outbox_backlog} value is reused across scrapes
 */
@ConfigurationProperties(prefix = "outbox")
public record OutboxProperties(int dispatchThreads, int batchSize, Duration pollInterval, Duration attemptTimeout,
		Duration eventLease, Duration queueLease, Duration retryBaseDelay, Duration retryMaxDelay,
		Duration shutdownTimeout, Duration listenReconnectDelay, String workerId, Duration retention,
		int retentionBatchSize, Duration backlogCacheTtl) {

	public OutboxProperties {
		Assert.isTrue(dispatchThreads >= 1, "outbox.dispatch-threads must be at least 1");
		Assert.isTrue(batchSize >= 1, "outbox.batch-size must be at least 1");
		Assert.isTrue(retentionBatchSize >= 1, "outbox.retention-batch-size must be at least 1");
		Assert.isTrue(eventLease.compareTo(attemptTimeout) > 0, "outbox.event-lease must exceed outbox.attempt-timeout");
		Assert.isTrue(queueLease.compareTo(eventLease) > 0, "outbox.queue-lease must exceed outbox.event-lease");
		Assert.isTrue(retryMaxDelay.compareTo(retryBaseDelay) >= 0, "outbox.retry-max-delay must not be below outbox.retry-base-delay");
	}
}
