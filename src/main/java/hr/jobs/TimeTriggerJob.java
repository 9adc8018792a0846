package hr.jobs;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;

import hr.TimeTriggers;
import jobs.Job;
import jobs.TenantBatchJob;

/**
 * Fires the tenants' time-based HR triggers that are due (see {@link TimeTriggers}). Each tenant
 * gets at most one batch per trigger a round, handled on its own ({@link TenantBatchJob}), so a
 * tenant with thousands due never starves the others; the fired-triggers table makes a missed
 * round, a second instance or a re-run fire nothing twice.
 */
public final class TimeTriggerJob implements Job {

	public static final String NAME = "hr_time_triggers";
	static final int BATCH_SIZE = 200;

	private final Clock clock;
	private final TenantBatchJob job;

	public TimeTriggerJob(TimeTriggers triggers, Clock clock, int batchSize) {
		this.clock = clock;
		this.job = TenantBatchJob.perTenant(NAME, "{} HR trigger(s) fired", clock, now -> triggers.tenants(),
				(tenant, now) -> triggers.fireDue(tenant, today(now), batchSize));
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		job.run();
	}

	private LocalDate today(Instant now) {
		return LocalDate.ofInstant(now, clock.getZone());
	}
}
