package hr.jobs;

import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import hr.EmployeeService;
import jobs.Job;

/**
 * Makes employees whose joiner run completed ({@code pending_start}) active on their start date.
 * The employees' statuses are the durable source, so a missed round, a second instance or a
 * re-run changes nothing twice; each tenant is handled on its own so one failing tenant does not
 * block the rest, and a tenant with more due starters than a batch goes on until none is left.
 */
public final class StarterActivationJob implements Job {

	public static final String NAME = "hr_activate_starters";
	static final int BATCH_SIZE = 100;

	private static final Logger log = LoggerFactory.getLogger(StarterActivationJob.class);

	private final EmployeeService employees;
	private final Clock clock;
	private final int batchSize;

	public StarterActivationJob(EmployeeService employees, Clock clock, int batchSize) {
		this.employees = employees;
		this.clock = clock;
		this.batchSize = batchSize;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		LocalDate today = LocalDate.now(clock);
		int activated = 0;
		for (String tenant : employees.tenantsWithDueStarters(today)) {
			try {
				List<UUID> batch;
				do {
					if (Thread.currentThread().isInterrupted()) {
						return;
					}
					batch = employees.activateDueStarters(tenant, today, batchSize);
					activated += batch.size();
				}
				while (batch.size() == batchSize);
			}
			catch (RuntimeException e) {
				log.warn("{}: tenant {} skipped this round: {}", NAME, tenant, e.getMessage(), e);
			}
		}
		if (activated > 0) {
			log.info("{}: {} employee(s) started today ({})", NAME, activated, today);
		}
	}
}
