package outbox.store;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code outbox_dispatch_queue}: one row per tenant with outbox work (see V12 for the protocol).
 * Claiming looks across tenants and therefore goes through the SECURITY DEFINER function
 * {@code outbox_claim_tenant} (autocommit, no tenant); the release runs in the claimed tenant's
 * unit of work like the event completions it follows.
 */
@Repository
public class DispatchQueueRepository {

	private final JdbcClient jdbc;

	public DispatchQueueRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Claims the tenant that has been due longest, if any is due and not locked. */
	public Optional<TenantClaim> claimNextTenant(String workerId, Duration lease) {
		UUID token = UUID.randomUUID();
		return jdbc.sql("SELECT tenant_id, generation, publish_seq, rescue FROM outbox_claim_tenant(:token, :worker, make_interval(secs => :lease))")
			.param("token", token)
			.param("worker", workerId)
			.param("lease", lease.toNanos() / 1e9)
			.query((rs, row) -> new TenantClaim(rs.getString(1), token, rs.getLong(2), rs.getLong(3), rs.getBoolean(4)))
			.optional();
	}

	/**
	 * Releases the claim (fenced by token and generation) and schedules the tenant's next round:
	 * now when events were published during the claim or are still due, at the earliest retry
	 * otherwise, never (null) when nothing is pending. Must run in the tenant's unit of work.
	 *
	 * @return the outcome, empty when the claim was lost (another worker took the row over)
	 */
	public Optional<Release> release(TenantClaim claim) {
		return jdbc.sql("""
				UPDATE outbox_dispatch_queue q
				SET claim_token = NULL, lease_until = NULL,
				    due_at = CASE WHEN q.publish_seq <> :seenSeq THEN now()
				                  ELSE (SELECT greatest(e.available_at, now()) FROM outbox_events e
				                        WHERE e.tenant_id = q.tenant_id AND e.status = 'pending'
				                        ORDER BY e.available_at LIMIT 1) END
				WHERE q.tenant_id = :tenant AND q.claim_token = :token AND q.generation = :generation
				RETURNING q.due_at IS NOT NULL AND q.due_at <= now()
				""")
			.param("seenSeq", claim.publishSeq())
			.param("tenant", claim.tenantId())
			.param("token", claim.token())
			.param("generation", claim.generation())
			.query((rs, row) -> new Release(rs.getBoolean(1)))
			.optional();
	}

	/**
	 * Seconds until the next tenant is due (zero or negative: due now, but locked by a publishing
	 * transaction or another dispatcher's claim); empty when nothing is scheduled.
	 */
	public OptionalDouble secondsUntilNextDue() {
		return jdbc.sql("SELECT outbox_seconds_until_due()").query(rs -> {
			rs.next();
			double seconds = rs.getDouble(1);
			return rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(seconds);
		});
	}

	/** Wakes the tenant's row as a publish does (used when admins re-drive dead letters). Tenant unit of work. */
	public void enqueue(String tenantId) {
		jdbc.sql("SELECT outbox_enqueue_tenant(:tenant)::text").param("tenant", tenantId).query().singleValue();
	}

	/** @param moreDue the tenant still has due events after this round */
	public record Release(boolean moreDue) {
	}
}
