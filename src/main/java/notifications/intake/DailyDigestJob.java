package notifications.intake;

import java.time.Clock;

import jobs.Job;
import jobs.TenantBatchJob;

/**
 * The job that sends the daily digests ({@link DailyDigest}): run often (JOBS_NOTIFICATIONS_DIGEST_INTERVAL),
 * it writes each recipient's digest once the day's digest hour has passed; the digests written are
 * the durable record, so a missed or repeated run changes nothing twice.
 */
final class DailyDigestJob implements Job {

	static final String NAME = "notifications_daily_digest";

	private final TenantBatchJob job;

	DailyDigestJob(DailyDigest digest, Clock clock) {
		this.job = TenantBatchJob.perTenant(NAME, "wrote the daily digest of {} recipient(s)", clock, digest::tenantsDue,
				digest::assemble);
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
