package workflow.jobs;

import java.util.List;
import java.util.function.Function;

import org.slf4j.Logger;

/**
 * Runs a job's work per tenant and per item, so one failing tenant or row never blocks the rest;
 * stops between items when the runner interrupts the job (timeout, shutdown).
 */
final class TenantBatch {

	private TenantBatch() {
	}

	interface ItemWork<T> {
		void run(String tenant, T item);
	}

	/** Returns how many items succeeded. */
	static <T> int forEach(Logger log, String job, List<String> tenants, Function<String, List<T>> items,
			ItemWork<T> work) {
		int done = 0;
		for (String tenant : tenants) {
			List<T> due;
			try {
				due = items.apply(tenant);
			}
			catch (RuntimeException e) {
				log.warn("{}: tenant {} skipped this round: {}", job, tenant, e.getMessage(), e);
				continue;
			}
			for (T item : due) {
				if (Thread.currentThread().isInterrupted()) {
					return done;
				}
				try {
					work.run(tenant, item);
					done++;
				}
				catch (RuntimeException e) {
					log.warn("{}: item {} of tenant {} failed, retried next round: {}", job, item, tenant, e.getMessage(), e);
				}
			}
		}
		return done;
	}
}
