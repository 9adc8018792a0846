package hr.imports;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

import jobs.Job;
import jobs.TenantBatchJob;
import platform.TenantSuspensions;

/**
 * Applies the imports HR asked to apply ({@code applying}): a chunk of {@link #CHUNK} rows per
 * tenant and round, round after round while any tenant has rows left (at most {@link #ROWS_PER_RUN}
 * a run; the next run goes on). Tenants take turns chunk by chunk, so one big import does not
 * starve the others. The rows' outcomes are the durable source, so a missed round, a second
 * instance or a re-run applies nothing twice.
 */
final class ImportApplyJob implements Job {

	static final String NAME = "hr_import_apply";
	static final int CHUNK = 500;
	static final int ROWS_PER_RUN = 100_000;

	private final HrImports imports;
	private final ImportRepository rows;
	private final TenantSuspensions suspensions;
	private final Clock clock;

	ImportApplyJob(HrImports imports, ImportRepository rows, TenantSuspensions suspensions, Clock clock) {
		this.imports = imports;
		this.rows = rows;
		this.suspensions = suspensions;
		this.clock = clock;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		AtomicInteger handled = new AtomicInteger();
		TenantBatchJob round = TenantBatchJob.perTenant(NAME, "{} import row(s) applied", clock,
				now -> suspensions.active(rows.tenantsApplying()), (tenant, now) -> {
					int chunk = imports.applyNext(tenant, CHUNK);
					handled.addAndGet(chunk);
					return chunk;
				});
		int before;
		do {
			before = handled.get();
			round.run();
		}
		while (handled.get() > before && handled.get() < ROWS_PER_RUN && !Thread.currentThread().isInterrupted());
	}
}
