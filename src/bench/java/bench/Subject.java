package bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One outbox under test: ours or Spring Modulith's event publication registry. A "business
 * transaction" inserts one row into {@code bench_business} and publishes {@code events} events
 * keyed {@code key}, {@code key#1}, ...; the no-op handler or listener records when it ran.
 */
abstract class Subject implements AutoCloseable {

	final AtomicLong handled = new AtomicLong();
	final Map<String, Long> handledAt = new ConcurrentHashMap<>();

	abstract String name();

	/** One business transaction in {@code tenant}; returns when it has committed. */
	abstract void transaction(String tenant, String key, int events);

	/** Stops delivering (ours: the dispatcher; the peer: its listener fails, so publications stay incomplete). */
	abstract void pause();

	/** Delivers again everything not yet delivered (ours: the dispatcher's startup scan; the peer: resubmission). */
	abstract void resume();

	/** Publications waiting in the JVM's memory (the peer's async executor queue); 0 for ours. */
	abstract long queuedInMemory();

	/** Events not yet delivered, per the database. */
	abstract long undelivered();

	abstract void truncate();

	void handle(String key) {
		handledAt.put(key, System.nanoTime());
		handled.incrementAndGet();
	}

	void reset() {
		handledAt.clear();
		handled.set(0);
	}
}
