package platform;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A module's table of work rows as {@link LeasedRowWorker} works them: which tenants have rows due
 * (one cross-tenant question), and, inside the tenant's unit of work (RLS), rescuing expired leases,
 * claiming due rows for a token until a lease ends, and settling one claimed row, which holds only
 * while the claim is still that token's. The module owns the SQL; the worker owns the loop.
 *
 * @param <T> a claimed row: what the module's work needs to attempt it
 * @param <R> what one attempt came to
 */
public interface LeasedRows<T extends LeasedRows.Claimed, R extends LeasedRows.Attempt> {

	/** A row claimed for one attempt, fenced by {@link #token()}. */
	interface Claimed {

		UUID id();

		String tenantId();

		UUID token();

		/** The attempts so far, this one included. */
		int attempts();

		/** When the first attempt began: the retry budget runs from here. */
		Instant firstAttemptAt();
	}

	/** What an attempt came to: success, or a failure that retrying may or cannot change. */
	interface Attempt {

		boolean succeeded();

		/** Whether trying again may succeed (meaningless after a success). */
		boolean retryable();

		/** What went wrong, in one line; null after a success. */
		String error();
	}

	/** The tenants with rows due at {@code now} or a lease to rescue (outside any tenant unit of work). */
	List<String> dueTenants(Instant now);

	/** Hands expired leases back (their worker died or overran); the number rescued. */
	int rescue(Instant now);

	/** Claims up to {@code limit} due rows for {@code token} until {@code leaseUntil}, counting the attempt. */
	List<T> claim(UUID token, Instant now, Instant leaseUntil, int limit);

	/**
	 * Records {@code attempt} of {@code row}: done, due again at {@code nextAttemptAt}, or failed for
	 * good when that is null; false when the claim was lost meanwhile (nothing changed).
	 */
	boolean settle(T row, R attempt, Instant nextAttemptAt, Instant now);
}
