package outbox.dispatch;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;

/**
 * Outbox settings ({@code outbox.*} in application.yml, each with an environment variable).
 *
 * @param dispatchThreads dispatcher threads per instance; each claims its own events, so several work on one
 *        tenant at once
 * @param batchSize events one thread claims per round, shared out over the due tenants (at least one each);
 *        grown up to four times so that every due tenant can take a full group (see the claim, V181)
 * @param pollInterval fallback poll when no wake-up arrives (a wake-up is sent after every publishing commit)
 * @param attemptTimeout how long one handler call may take: then the attempt fails, and the server cancels its
 *        statement or ends its idle transaction, so it can neither hold locks nor commit late
 * @param eventLease how long a claim lasts without renewal; a live worker renews it every third of this, so a
 *        dead worker's events are rescued this long after it died
 * @param handBackAfter a round still busy after this hands its not yet started events back for other threads
 * @param durableHandlerCommits whether a handler's transaction waits for its WAL flush; off, a crash can undo
 *        the last deliveries, which are then delivered again (handlers are idempotent)
 * @param retryBaseDelay backoff before the second attempt; doubles per attempt
 * @param retryMaxDelay cap of the backoff
 * @param shutdownTimeout how long shutdown waits for in-flight handlers
 * @param listenReconnectDelay pause between attempts to re-open the LISTEN connection, and after a failed round
 * @param workerId this instance's name in claims and attempt history; empty: host name and pid
 * @param retention how long delivered and discarded events are kept
 * @param retentionBatchSize rows deleted per retention statement
 * @param backlogCacheTtl how long a computed {@code outbox_backlog} value is reused across scrapes
 */
@ConfigurationProperties(prefix = "outbox")
public record OutboxProperties(int dispatchThreads, int batchSize, Duration pollInterval, Duration attemptTimeout,
		Duration eventLease, Duration handBackAfter, boolean durableHandlerCommits, Duration retryBaseDelay,
		Duration retryMaxDelay, Duration shutdownTimeout, Duration listenReconnectDelay, String workerId,
		Duration retention, int retentionBatchSize, Duration backlogCacheTtl) {

	public OutboxProperties {
		Assert.isTrue(dispatchThreads >= 1, "outbox.dispatch-threads must be at least 1");
		Assert.isTrue(batchSize >= 1, "outbox.batch-size must be at least 1");
		Assert.isTrue(retentionBatchSize >= 1, "outbox.retention-batch-size must be at least 1");
		Assert.isTrue(attemptTimeout.toMillis() >= 1, "outbox.attempt-timeout must be at least 1ms");
		Assert.isTrue(eventLease.toMillis() >= 300, "outbox.event-lease must be at least 300ms");
		Assert.isTrue(retryMaxDelay.compareTo(retryBaseDelay) >= 0, "outbox.retry-max-delay must not be below outbox.retry-base-delay");
	}

	/** How often a live worker renews its claims. */
	Duration heartbeatInterval() {
		return eventLease.dividedBy(3);
	}

	/** How often an instance looks for expired claims of any tenant. */
	Duration rescueInterval() {
		Duration third = eventLease.dividedBy(3);
		return third.compareTo(pollInterval) < 0 ? third : pollInterval;
	}
}
