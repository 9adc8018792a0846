package outbox.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes idle dispatcher threads. A generation counter closes the gap between "found nothing" and
 * "started waiting": a thread only waits while the generation it saw before its round is current.
 * A wake-up for one tenant wakes one thread (not the whole pool, which would only race for the
 * same claim); a thread that finds more work wakes the next one.
 * <p>
 * It also remembers which tenants published (for ten seconds) while no thread was waiting, so that
 * a round busy with other tenants' events can take theirs in between two groups instead of
 * leaving them to wait for the end of the round ({@link DispatchRound}). With a thread waiting,
 * that thread takes them: a busy round would only claim after it.
 */
final class WakeSignal {

	/** Longer than a round lasts (its hand-back time and one group): what is older was claimed anyway. */
	private static final long ARRIVAL_MEMORY_NANOS = 10_000_000_000L;

	private final ReentrantLock lock = new ReentrantLock();
	private final Condition changed = lock.newCondition();
	/** Names this instance in the wake-ups it sends, so that its listener skips its own. */
	private final String origin = UUID.randomUUID().toString();
	private final Map<String, Long> arrivals = new ConcurrentHashMap<>();
	private long generation;
	private int waiting;

	String origin() {
		return origin;
	}

	/**
	 * Events of these tenants were committed: wake one thread, and when none is waiting (all are in
	 * rounds), remember the tenants for the rounds to take in.
	 */
	void arrived(Collection<String> tenantIds) {
		long now = System.nanoTime();
		lock.lock();
		try {
			if (waiting == 0) {
				for (String tenantId : tenantIds) {
					arrivals.put(tenantId, now);
				}
			}
			generation++;
			changed.signal();
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * The tenants not in {@code held} that published after {@code sinceNanos} ({@link System#nanoTime}),
	 * each handed to one caller only (the other threads' rounds do not claim for it too).
	 */
	List<String> takeArrivals(Set<String> held, long sinceNanos) {
		if (arrivals.isEmpty()) {
			return List.of();
		}
		long now = System.nanoTime();
		List<String> taken = new ArrayList<>();
		for (Map.Entry<String, Long> arrival : arrivals.entrySet()) {
			long at = arrival.getValue();
			if (now - at > ARRIVAL_MEMORY_NANOS) {
				arrivals.remove(arrival.getKey(), at);
			}
			else if (at - sinceNanos > 0 && !held.contains(arrival.getKey()) && arrivals.remove(arrival.getKey(), at)) {
				taken.add(arrival.getKey());
			}
		}
		return taken;
	}

	long generation() {
		lock.lock();
		try {
			return generation;
		}
		finally {
			lock.unlock();
		}
	}

	void wakeAll() {
		lock.lock();
		try {
			generation++;
			changed.signalAll();
		}
		finally {
			lock.unlock();
		}
	}

	void wake(int threads) {
		lock.lock();
		try {
			generation++;
			for (int i = 0; i < threads; i++) {
				changed.signal();
			}
		}
		finally {
			lock.unlock();
		}
	}

	/** Waits until the generation moves past {@code seen} or the timeout passes. */
	void await(long seen, Duration timeout) throws InterruptedException {
		long remaining = timeout.toNanos();
		lock.lock();
		waiting++;
		try {
			while (generation == seen && remaining > 0) {
				remaining = changed.awaitNanos(remaining);
			}
		}
		finally {
			waiting--;
			lock.unlock();
		}
	}
}
