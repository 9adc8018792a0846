package hr.sync;

import java.time.Clock;

import jobs.Job;
import jobs.TenantBatchJob;
import platform.TenantSuspensions;

/**
 * Pulls the tenants' HR sources that are due. The runner's interval is only how often it looks: each
 * source's cadence and cursor are in its row ({@code next_due_at}, the validators, the failures), so
 * a missed round, a restart or a second instance changes nothing but when the look happens. Each
 * tenant is pulled on its own ({@link TenantBatchJob}), the longest due first, so one failing or
 * slow source never blocks the others.
 */
final class SourceSyncJob implements Job {

	static final String NAME = "hr_source_sync";

	private final TenantBatchJob job;

	SourceSyncJob(SourceSync sync, SourceRepository sources, TenantSuspensions suspensions, Clock clock) {
		this.job = TenantBatchJob.perTenant(NAME, "{} HR source(s) pulled", clock,
				now -> suspensions.active(sources.tenantsDue(now)), (tenant, now) -> sync.pull(tenant) == null ? 0 : 1);
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
