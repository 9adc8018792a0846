package outbox.dispatch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import outbox.store.ClaimedEvent;
import outbox.store.OutboxEventRepository;

/**
 * One dispatch round of one thread: claim a batch of due events across tenants (a share per due
 * tenant), attempt them one after the other, tenants interleaved, and hand back what was not
 * started: on shutdown, when the handler pool is full of abandoned attempts, or when the round has
 * been busy for {@code handBackAfter} (so a slow handler holds back at most that much of its
 * batch: the other threads take the rest). Each attempt settles itself (see
 * {@link AttemptRunner}); the heartbeat keeps the claim alive meanwhile.
 */
final class DispatchRound {

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

	DispatchRound(OutboxEventRepository events, AttemptRunner attempts, Leases leases, OutboxProperties properties) {
		this.events = events;
		this.attempts = attempts;
		this.leases = leases;
		this.properties = properties;
	}

	/**
	 * @throws ClaimsLeft when the database failed mid-round: the claims not settled, for the caller
	 *         to hand back once the database answers again (or for the rescue after their lease)
	 */
	Result run(String workerId, BooleanSupplier stopping) {
		UUID token = UUID.randomUUID();
		List<ClaimedEvent> claimed = events.claimDue(token, workerId, properties.eventLease(), properties.batchSize());
		if (claimed.isEmpty()) {
			return Result.IDLE;
		}
		leases.hold(token);
		List<ClaimedEvent> batch = interleaveByTenant(claimed);
		long handBackAt = System.nanoTime() + properties.handBackAfter().toNanos();
		int next = 0;
		try {
			while (next < batch.size() && !stopping.getAsBoolean() && (next == 0 || System.nanoTime() < handBackAt)) {
				if (attempts.run(batch.get(next), token, workerId) == AttemptRunner.Result.NO_CAPACITY) {
					break;
				}
				next++;
			}
			events.release(token, ids(batch.subList(next, batch.size())));
		}
		catch (InterruptedException e) {
			// forced shutdown: the interrupted attempt is handed back with the rest (its late
			// completion, if any, is fenced off by the release)
			Thread.currentThread().interrupt();
			events.release(token, ids(batch.subList(next, batch.size())));
		}
		catch (RuntimeException e) {
			throw new ClaimsLeft(token, ids(batch.subList(next, batch.size())), e);
		}
		finally {
			leases.drop(token);
		}
		return claimed.size() >= properties.batchSize() ? Result.MORE : Result.WORKED;
	}

	/** Round-robin over tenants, each tenant's events in claim (due) order. */
	static List<ClaimedEvent> interleaveByTenant(List<ClaimedEvent> claimed) {
		Map<String, Deque<ClaimedEvent>> byTenant = new LinkedHashMap<>();
		for (ClaimedEvent event : claimed) {
			byTenant.computeIfAbsent(event.tenantId(), tenant -> new ArrayDeque<>()).add(event);
		}
		List<ClaimedEvent> order = new ArrayList<>(claimed.size());
		while (order.size() < claimed.size()) {
			for (Deque<ClaimedEvent> tenant : byTenant.values()) {
				if (!tenant.isEmpty()) {
					order.add(tenant.poll());
				}
			}
		}
		return order;
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
