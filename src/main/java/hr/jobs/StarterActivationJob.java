package hr.jobs;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import hr.EmployeeService;
import jobs.Job;
import jobs.TenantBatchJob;

/**
 * Makes employees whose joiner run completed ({@code pending_start}) active on their start date.
 * The employees' statuses are the durable source, so a missed round, a second instance or a
 * re-run changes nothing twice; each tenant is handled on its own ({@link TenantBatchJob}) so one
 * failing tenant does not block the rest, and a tenant with more due starters than a batch goes
 * on until none is left.
 */
public final class StarterActivationJob implements Job {

	public static final String NAME = "hr_activate_starters";
	static final int BATCH_SIZE = 100;

	private final EmployeeService employees;
	private final Clock clock;
	private final int batchSize;
	private final TenantBatchJob job;

	public StarterActivationJob(EmployeeService employees, Clock clock, int batchSize) {
		this.employees = employees;
		this.clock = clock;
		this.batchSize = batchSize;
		this.job = TenantBatchJob.perTenant(NAME, "{} employee(s) started today", clock,
				now -> employees.tenantsWithDueStarters(today(now)), this::activate);
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		job.run();
	}

	private int activate(String tenant, Instant now) {
		LocalDate today = today(now);
		int activated = 0;
		List<UUID> batch;
		do {
			if (Thread.currentThread().isInterrupted()) {
				return activated;
			}
			batch = employees.activateDueStarters(tenant, today, batchSize);
			activated += batch.size();
		}
		while (batch.size() == batchSize);
		return activated;
	}

	private LocalDate today(Instant now) {
		return LocalDate.ofInstant(now, clock.getZone());
	}
}
