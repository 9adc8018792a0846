package workflow.jobs;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jobs.Job;

/**
 * The shape of every workflow job: ask which tenants have work due (one cross-tenant scan), then
 * read each tenant's due items and handle them one by one, so one failing tenant or row never
 * blocks the rest; stops between items when the runner interrupts the job (timeout, shutdown).
 * A round reads the clock once, so its scan and its reads agree on "now".
 *
 * @param <T> what one round handles per item
 */
final class TenantBatchJob<T> implements Job {

	private static final Logger log = LoggerFactory.getLogger(TenantBatchJob.class);

	/** Handles one due item of a tenant. */
	interface ItemWork<T> {
		void handle(String tenant, T item, Instant now);
	}

	private final String name;
	private final String summary;
	private final Clock clock;
	private final Function<Instant, List<String>> tenants;
	private final BiFunction<String, Instant, List<T>> due;
	private final ItemWork<T> work;

	/**
	 * @param summary logged after a round that handled items, their count in its {@code {}}
	 * @param tenants the tenants with work due at a moment
	 * @param due a tenant's items due at a moment, at most one batch
	 */
	TenantBatchJob(String name, String summary, Clock clock, Function<Instant, List<String>> tenants,
			BiFunction<String, Instant, List<T>> due, ItemWork<T> work) {
		this.name = name;
		this.summary = summary;
		this.clock = clock;
		this.tenants = tenants;
		this.due = due;
		this.work = work;
	}

	@Override
	public String name() {
		return name;
	}

	@Override
	public void run() {
		Instant now = clock.instant();
		int done = 0;
		for (String tenant : tenants.apply(now)) {
			List<T> items;
			try {
				items = due.apply(tenant, now);
			}
			catch (RuntimeException e) {
				log.warn("{}: tenant {} skipped this round: {}", name, tenant, e.getMessage(), e);
				continue;
			}
			for (T item : items) {
				if (Thread.currentThread().isInterrupted()) {
					return;
				}
				try {
					work.handle(tenant, item, now);
					done++;
				}
				catch (RuntimeException e) {
					log.warn("{}: item {} of tenant {} failed, retried next round: {}", name, item, tenant, e.getMessage(), e);
				}
			}
		}
		if (done > 0) {
			log.info("{}: " + summary, name, done);
		}
	}
}
