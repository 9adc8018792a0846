package platform;

import java.time.Duration;

import org.springframework.util.Assert;

/**
 * Per-transaction PostgreSQL session settings for a unit of work that must end on time (the
 * outbox's handler attempts) or need not wait for its flush (a decision's signal state): the
 * server cancels a statement that runs longer than {@code statementTimeout} and ends the
 * session of a transaction left idle longer than {@code idleInTransactionTimeout}, so an
 * abandoned attempt cannot hold locks or commit late.
 * {@code synchronousCommit = false} lets the commit return before its WAL is flushed: a crash
 * may lose the last few hundred milliseconds of such transactions, never part of one.
 */
public record SessionLimits(Duration statementTimeout, Duration idleInTransactionTimeout, boolean synchronousCommit) {

	public SessionLimits {
		Assert.isTrue(statementTimeout.toMillis() >= 1, "statementTimeout must be at least 1 ms");
		Assert.isTrue(idleInTransactionTimeout.toMillis() >= 1, "idleInTransactionTimeout must be at least 1 ms");
	}
}
