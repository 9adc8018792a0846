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
 * Erases the name and email of employees who left longer ago than their tenant's retention period
 * (set by the platform operator per tenant, 730 days by default): the rows stay, with their ids, so
 * runs and the audit trail still resolve. Suspended tenants wait. Each tenant on its own, in batches.
 */
final class LeaverErasureJob implements Job {

	static final String NAME = "hr_erase_leavers";
	static final int BATCH_SIZE = 100;

	private static final Logger log = LoggerFactory.getLogger(LeaverErasureJob.class);

	private final EmployeeService employees;
	private final Clock clock;
	private final int batchSize;

	LeaverErasureJob(EmployeeService employees, Clock clock, int batchSize) {
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
		int erased = 0;
		for (String tenant : employees.tenantsWithErasableLeavers(today)) {
			try {
				List<UUID> batch;
				do {
					if (Thread.currentThread().isInterrupted()) {
						return;
					}
					batch = employees.erasePersonalData(tenant, today, batchSize);
					erased += batch.size();
				}
				while (batch.size() == batchSize);
			}
			catch (RuntimeException e) {
				log.warn("{}: tenant {} skipped this round: {}", NAME, tenant, e.getMessage(), e);
			}
		}
		if (erased > 0) {
			log.info("{}: erased the personal data of {} left employee(s)", NAME, erased);
		}
	}
}
