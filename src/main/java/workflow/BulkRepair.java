package workflow;

import java.util.List;

/**
 * An ADMIN's repair of every run of one cause in one action ({@code cause}: "failed to start" or
 * the attention reason): one {@link Repair} per run (each is also its audit row), the runs that
 * had moved on meanwhile ({@code skipped}), and why it stopped early when it did
 * ({@code stoppedBecause}, e.g. Temporal unreachable: the same action goes on with the rest).
 */
public record BulkRepair(String cause, List<Repair> repairs, int skipped, String stoppedBecause) {

	public long started() {
		return repairs.stream().filter(repair -> "started".equals(repair.outcome())).count();
	}

	public long failed() {
		return repairs.stream().filter(repair -> "failed".equals(repair.outcome())).count();
	}
}
