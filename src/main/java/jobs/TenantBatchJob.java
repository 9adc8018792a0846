package jobs;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape of a job over tenants' durable work: ask which tenants have work due (one
 * cross-tenant scan), then let each tenant handle its share on its own, so one failing tenant
 * never blocks the rest; {@link #eachItem} also keeps one failing item from blocking its tenant's
 * others. It stops when the runner interrupts the job (timeout, shutdown). A round reads the clock
 * once, so its scan and its reads agree on "now".
 */
public final class TenantBatchJob implements Job {

	private static final Logger log = LoggerFactory.getLogger(TenantBatchJob.class);

	/** One tenant's share of a round; returns how many items it handled and stops early when interrupted. */
	@FunctionalInterface
	public interface TenantWork {
		int run(String tenant, Instant now);
	}

	/** Handles one due item of a tenant. */
	@FunctionalInterface
	public interface ItemWork<T> {
		void handle(String tenant, T item, Instant now);
	}

	private final String name;
	private final String summary;
	private final Clock clock;
	private final Function<Instant, List<String>> tenants;
	private final TenantWork work;

	private TenantBatchJob(String name, String summary, Clock clock, Function<Instant, List<String>> tenants,
			TenantWork work) {
		this.name = name;
		this.summary = summary;
		this.clock = clock;
		this.tenants = tenants;
		this.work = work;
	}

	/**
	 * A job whose tenants each do their share in one call (a batched update, say).
	 *
	 * @param summary logged after a round that handled items, their count in its {@code {}}
	 * @param tenants the tenants with work due at a moment
	 */
	public static TenantBatchJob perTenant(String name, String summary, Clock clock,
			Function<Instant, List<String>> tenants, TenantWork work) {
		return new TenantBatchJob(name, summary, clock, tenants, work);
	}

	/**
	 * A job that reads each tenant's due items (at most one batch) and handles them one by one; a
	 * failing item is logged and retried next round.
	 *
	 * @param summary logged after a round that handled items, their count in its {@code {}}
	 * @param tenants the tenants with work due at a moment
	 * @param due a tenant's items due at a moment, at most one batch
	 */
	public static <T> TenantBatchJob eachItem(String name, String summary, Clock clock,
			Function<Instant, List<String>> tenants, BiFunction<String, Instant, List<T>> due, ItemWork<T> work) {
		return perTenant(name, summary, clock, tenants, (tenant, now) -> {
			int done = 0;
			for (T item : due.apply(tenant, now)) {
				if (Thread.currentThread().isInterrupted()) {
					return done;
				}
				try {
					work.handle(tenant, item, now);
					done++;
				}
				catch (RuntimeException e) {
					log.warn("{}: item {} of tenant {} failed, retried next round: {}", name, item, tenant, e.getMessage(), e);
				}
			}
			return done;
		});
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
			try {
				done += work.run(tenant, now);
			}
			catch (RuntimeException e) {
				log.warn("{}: tenant {} skipped this round: {}", name, tenant, e.getMessage(), e);
			}
			if (Thread.currentThread().isInterrupted()) {
				return;
			}
		}
		if (done > 0) {
			log.info("{}: " + summary, name, done);
		}
	}
}
