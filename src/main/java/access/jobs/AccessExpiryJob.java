package access.jobs;

import java.time.Clock;

import access.AccessRequests;
import jobs.Job;
import jobs.TenantBatchJob;

/**
 * Expires approved access whose date has come, by the application clock: each such request
 * becomes {@code expired} in its own unit of work, and its grants' compensation goes to
 * provisioning through the outbox (in the directories, the undo planned at approval for the same
 * instant takes the access back; the compensation finds it due or done). One batch per tenant and round; what is left waits for the next
 * round. Each tenant on its own ({@link TenantBatchJob}).
 */
public final class AccessExpiryJob implements Job {

	public static final String NAME = "access_expiry";

	static final int BATCH_SIZE = 200;

	private final TenantBatchJob job;

	public AccessExpiryJob(AccessRequests requests, Clock clock) {
		this.job = TenantBatchJob.perTenant(NAME, "{} access request(s) expired", clock, requests::tenantsWithExpired,
				(tenant, now) -> requests.expireDue(tenant, now, BATCH_SIZE));
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		job.run();
	}
}
