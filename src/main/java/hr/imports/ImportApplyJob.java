package hr.imports;

import java.time.Clock;
import java.time.Instant;

import jobs.Job;
import jobs.TenantBatchJob;
import platform.TenantSuspensions;

/**
 * Applies the imports HR asked to apply ({@code applying}), row by row. The rows' outcomes are the
 * durable source, so a missed round, a second instance or a re-run applies nothing twice; a tenant
 * gets at most {@link #ROWS_PER_ROUND} rows a round so one big import does not starve the others.
 */
final class ImportApplyJob implements Job {

	static final String NAME = "hr_import_apply";
	static final int BATCH = 200;
	static final int ROWS_PER_ROUND = 5_000;

	private final HrImports imports;
	private final TenantBatchJob job;

	ImportApplyJob(HrImports imports, ImportRepository rows, TenantSuspensions suspensions, Clock clock) {
		this.imports = imports;
		this.job = TenantBatchJob.perTenant(NAME, "{} import row(s) applied", clock,
				now -> suspensions.active(rows.tenantsApplying()), this::apply);
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		job.run();
	}

	private int apply(String tenant, Instant now) {
		int total = 0;
		int handled;
		do {
			if (Thread.currentThread().isInterrupted()) {
				return total;
			}
			handled = imports.applyNext(tenant, BATCH);
			total += handled;
		}
		while (handled > 0 && total < ROWS_PER_ROUND);
		return total;
	}
}
