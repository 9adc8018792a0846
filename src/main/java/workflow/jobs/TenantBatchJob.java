package workflow.jobs;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jobs.Job;

/**
 * The shape of every workflow job: ask which tenants have work due (one cross-tenant scan), then
 * read each tenant's due items and handle them one by one, so one failing tenant or row never
 * blocks the rest; stops between items when the runner interrupts the job (timeout, shutdown).
 * One round reads the clock once, so its scan and its reads agree on "now".
 *
 * @param <T> what one round handles per item
 */
abstract class TenantBatchJob<T> implements Job {

	private final Logger log = LoggerFactory.getLogger(getClass());
	private final String name;
	private final String summary;
	private final Clock clock;

	/** {@code summary} is logged after a round that handled items, with their count for its {@code {}}. */
	TenantBatchJob(String name, String summary, Clock clock) {
		this.name = name;
		this.summary = summary;
		this.clock = clock;
	}

	/** The tenants with work due at {@code now}. */
	abstract List<String> tenants(Instant now);

	/** The tenant's items due at {@code now}, at most one batch. */
	abstract List<T> due(String tenant, Instant now);

	abstract void handle(String tenant, T item, Instant now);

	@Override
	public final String name() {
		return name;
	}

	@Override
	public final void run() {
		Instant now = clock.instant();
		int done = 0;
		for (String tenant : tenants(now)) {
			List<T> due;
			try {
				due = due(tenant, now);
			}
			catch (RuntimeException e) {
				log.warn("{}: tenant {} skipped this round: {}", name, tenant, e.getMessage(), e);
				continue;
			}
			for (T item : due) {
				if (Thread.currentThread().isInterrupted()) {
					return;
				}
				try {
					handle(tenant, item, now);
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
