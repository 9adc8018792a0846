package hr.jobs;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;

import hr.EmployeeService;
import jobs.Job;
import jobs.TenantBatchJob;

/**
 * Tells the manager of each leaver whose access ends tomorrow (the leaver run completed; the
 * directories take the access away at the end of the last day): on the day before the last day,
 * an {@code hr.employee.access_ending} event per leaver. The event's key is (employee, last day),
 * so rounds every interval, a second instance or a re-run tell once; a round after a missed day
 * tells nobody late. Each tenant on its own ({@link TenantBatchJob}).
 */
public final class AccessEndingNoticeJob implements Job {

	public static final String NAME = "hr_access_ending_notice";

	private final Clock clock;
	private final TenantBatchJob job;

	public AccessEndingNoticeJob(EmployeeService employees, Clock clock) {
		this.clock = clock;
		this.job = TenantBatchJob.perTenant(NAME, "{} leaver(s) whose access ends tomorrow announced", clock,
				now -> employees.tenantsWithAccessEnding(tomorrow(now)),
				(tenant, now) -> employees.announceAccessEnding(tenant, tomorrow(now)));
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		job.run();
	}

	private LocalDate tomorrow(Instant now) {
		return LocalDate.ofInstant(now, clock.getZone()).plusDays(1);
	}
}
