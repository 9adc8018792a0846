package outbox.dispatch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import outbox.store.ClaimedEvent;
import outbox.store.OutboxEventRepository;

/**
 * One dispatch round of one thread: claim a batch of due events across tenants (a share per due
 * tenant), attempt them in small groups of one tenant (one transaction per group while its
 * handlers succeed, see {@link AttemptRunner#runTogether}), tenants interleaved, and hand back what was not
 * started: on shutdown, when the handler pool is full of abandoned attempts, or when the round has
 * been busy for {@code handBackAfter} (so a slow handler holds back at most that much of its
 * batch: the other threads take the rest). Each attempt settles itself (see
 * {@link AttemptRunner}); the heartbeat keeps the claim alive meanwhile.
 * <p>
 * Between two groups a round takes in the due events of tenants that published since it claimed
 * and that it has not claimed for (a claim of those tenants only, under the same token; a tenant
 * already in the round waits for the next one, so busy tenants keep their full-batch claims), and
 * attempts them next: a trickle tenant's event then waits for one group of a big tenant's
 * batch, not for the whole round, while every thread is busy draining.
 */
final class DispatchRound {

	/** Events of one tenant delivered in one transaction when all their handlers succeed. */
	static final int GROUP_SIZE = 10;

	/** What a round found. */
	enum Result {
		/** Nothing was due (or every due event was locked). */
		IDLE,
		/** Events were claimed and settled or handed back. */
		WORKED,
		/** A full batch was claimed: more is probably due. */
		MORE
	}

	private final OutboxEventRepository events;
	private final AttemptRunner attempts;
	private final Leases leases;
	private final OutboxProperties properties;
	private final WakeSignal signal;

	DispatchRound(OutboxEventRepository events, AttemptRunner attempts, Leases leases, OutboxProperties properties,
			WakeSignal signal) {
		this.events = events;
		this.attempts = attempts;
		this.leases = leases;
		this.properties = properties;
		this.signal = signal;
	}

	/**
	 * @throws ClaimsLeft when the database failed mid-round: the claims not settled, for the caller
	 *         to hand back once the database answers again (or for the rescue after their lease)
	 */
	Result run(String workerId, BooleanSupplier stopping) {
		UUID token = UUID.randomUUID();
		// arrivals from now on are the newcomers: the claim sees what was committed before
		long lookedAt = System.nanoTime();
		List<ClaimedEvent> claimed = events.claimDue(token, workerId, properties.eventLease(), properties.batchSize(),
				GROUP_SIZE);
		if (claimed.isEmpty()) {
			return Result.IDLE;
		}
		leases.hold(token);
		List<List<ClaimedEvent>> groups = groupsByTenant(claimed, GROUP_SIZE);
		Set<String> held = tenantsOf(claimed);
		long handBackAt = System.nanoTime() + properties.handBackAfter().toNanos();
		List<ClaimedEvent> unstarted = new ArrayList<>();
		int next = 0;
		try {
			for (; next < groups.size(); next++) {
				if (stopping.getAsBoolean() || (next > 0 && System.nanoTime() > handBackAt)) {
					break;
				}
				List<String> newcomers = signal.takeArrivals(held, lookedAt);
				if (!newcomers.isEmpty()) {
					held.addAll(newcomers);
					groups.addAll(next, groupsByTenant(
							events.claimTenants(token, workerId, properties.eventLease(), newcomers, GROUP_SIZE), GROUP_SIZE));
				}
				List<ClaimedEvent> left = attempts.runTogether(groups.get(next), token, workerId);
				if (!left.isEmpty()) {
					unstarted.addAll(left);
					next++;
					break;
				}
			}
			groups.subList(next, groups.size()).forEach(unstarted::addAll);
			events.release(token, ids(unstarted));
		}
		catch (InterruptedException e) {
			// forced shutdown: the interrupted group is handed back with the rest (a late
			// completion, if any, is fenced off by the release)
			Thread.currentThread().interrupt();
			groups.subList(next, groups.size()).forEach(unstarted::addAll);
			events.release(token, ids(unstarted));
		}
		catch (RuntimeException e) {
			groups.subList(next, groups.size()).forEach(unstarted::addAll);
			throw new ClaimsLeft(token, ids(unstarted), e);
		}
		finally {
			leases.drop(token);
		}
		return claimed.size() >= properties.batchSize() ? Result.MORE : Result.WORKED;
	}

	/**
	 * Groups of up to {@code size} events of one tenant, in claim (due) order within a tenant, the
	 * tenants' groups taken round-robin.
	 */
	static List<List<ClaimedEvent>> groupsByTenant(List<ClaimedEvent> claimed, int size) {
		Map<String, Deque<ClaimedEvent>> byTenant = new LinkedHashMap<>();
		for (ClaimedEvent event : claimed) {
			byTenant.computeIfAbsent(event.tenantId(), tenant -> new ArrayDeque<>()).add(event);
		}
		List<List<ClaimedEvent>> groups = new ArrayList<>();
		int grouped = 0;
		while (grouped < claimed.size()) {
			for (Deque<ClaimedEvent> tenant : byTenant.values()) {
				List<ClaimedEvent> group = new ArrayList<>(size);
				while (!tenant.isEmpty() && group.size() < size) {
					group.add(tenant.poll());
				}
				if (!group.isEmpty()) {
					groups.add(group);
					grouped += group.size();
				}
			}
		}
		return groups;
	}

	private static Set<String> tenantsOf(List<ClaimedEvent> events) {
		Set<String> tenants = new HashSet<>();
		events.forEach(event -> tenants.add(event.tenantId()));
		return tenants;
	}

	private static List<UUID> ids(List<ClaimedEvent> events) {
		return events.stream().map(ClaimedEvent::id).toList();
	}

	/** Claims of a failed round that are still this worker's. */
	static final class ClaimsLeft extends RuntimeException {

		private final UUID token;
		private final List<UUID> ids;

		ClaimsLeft(UUID token, List<UUID> ids, RuntimeException cause) {
			super("Outbox round failed with " + ids.size() + " claimed events not settled", cause);
			this.token = token;
			this.ids = ids;
		}

		UUID token() {
			return token;
		}

		List<UUID> ids() {
			return ids;
		}
	}
}
