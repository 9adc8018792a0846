package outbox.dispatch;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.util.Assert;

/**
 * Outbox settings ({@code outbox.*} in application.yml, each with an environment variable).
 *
 * @param dispatchThreads dispatcher threads per instance; each works one claimed batch at a time, several
 *        of them may work on the same tenant
 * @param handlerThreads the bounded pool handler attempts run on; threads of timed-out handlers that ignore
 *        interrupts stay taken until they return, so it should exceed {@code dispatchThreads}
 * @param batchSize events claimed per claim (the seed used 2; larger batches amortise the claim)
 * @param pollInterval fallback poll when no NOTIFY arrives; the rescue pass runs at least this often
 * @param attemptTimeout how long one handler call may take before it is ended (transaction rolled back) and
 *        counts as a failed attempt
 * @param eventLease how long a claimed event belongs to its worker without a heartbeat; renewed every third
 *        of it while the batch runs, so it bounds how long a dead worker's events wait, not the attempt
 * @param retryBaseDelay backoff before the second attempt; doubles per attempt
 * @param retryMaxDelay cap of the backoff
 * @param shutdownTimeout how long shutdown waits for in-flight handlers
 * @param listenReconnectDelay pause between attempts to re-open the LISTEN connection, and after a failed
 *        dispatch round
 * @param workerId this instance's name in claims and attempt history; empty: host name and pid
 * @param retention how long delivered and discarded events are kept
 * @param retentionBatchSize rows looked at per retention statement
 * @param backlogCacheTtl how long computed {@code outbox_backlog} / {@code outbox_stuck} values are reused
 * @param handlerSynchronousCommit whether a handler's transaction (its writes and its event's completion)
 *        waits for the WAL flush at commit; off by default: delivery is at least once anyway, a crash can only
 *        lose the last completions together with their handlers' writes, and those events are rescued and
 *        delivered again, while a flush per event would bound the dispatch rate by the disk
 */
@ConfigurationProperties(prefix = "outbox")
public record OutboxProperties(int dispatchThreads, int handlerThreads, int batchSize, Duration pollInterval,
		Duration attemptTimeout, Duration eventLease, Duration retryBaseDelay, Duration retryMaxDelay,
		Duration shutdownTimeout, Duration listenReconnectDelay, String workerId, Duration retention,
		int retentionBatchSize, Duration backlogCacheTtl, boolean handlerSynchronousCommit) {

	/** The settings with the default (asynchronous) handler commits. */
	public OutboxProperties(int dispatchThreads, int handlerThreads, int batchSize, Duration pollInterval,
			Duration attemptTimeout, Duration eventLease, Duration retryBaseDelay, Duration retryMaxDelay,
			Duration shutdownTimeout, Duration listenReconnectDelay, String workerId, Duration retention,
			int retentionBatchSize, Duration backlogCacheTtl) {
		this(dispatchThreads, handlerThreads, batchSize, pollInterval, attemptTimeout, eventLease, retryBaseDelay,
				retryMaxDelay, shutdownTimeout, listenReconnectDelay, workerId, retention, retentionBatchSize,
				backlogCacheTtl, false);
	}

	@ConstructorBinding
	public OutboxProperties {
		Assert.isTrue(dispatchThreads >= 1, "outbox.dispatch-threads must be at least 1");
		Assert.isTrue(handlerThreads >= dispatchThreads, "outbox.handler-threads must be at least outbox.dispatch-threads");
		Assert.isTrue(batchSize >= 1, "outbox.batch-size must be at least 1");
		Assert.isTrue(retentionBatchSize >= 1, "outbox.retention-batch-size must be at least 1");
		Assert.isTrue(eventLease.compareTo(Duration.ofMillis(300)) >= 0, "outbox.event-lease must be at least 300ms");
		Assert.isTrue(retryMaxDelay.compareTo(retryBaseDelay) >= 0, "outbox.retry-max-delay must not be below outbox.retry-base-delay");
	}

	/** How often a running batch renews its leases. */
	Duration heartbeatInterval() {
		return eventLease.dividedBy(3);
	}

	/** How often an instance runs the rescue pass: often enough that an expired lease waits at most half a lease more. */
	Duration rescueInterval() {
		Duration halfLease = eventLease.dividedBy(2);
		return halfLease.compareTo(pollInterval) < 0 ? halfLease : pollInterval;
	}

	/** The same settings under another worker id (a second instance in tests and benchmarks). */
	public OutboxProperties withWorkerId(String id) {
		return new OutboxProperties(dispatchThreads, handlerThreads, batchSize, pollInterval, attemptTimeout, eventLease,
				retryBaseDelay, retryMaxDelay, shutdownTimeout, listenReconnectDelay, id, retention, retentionBatchSize,
				backlogCacheTtl, handlerSynchronousCommit);
	}
}
