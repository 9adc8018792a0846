package outbox.dispatch;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes idle dispatcher threads. A generation counter closes the gap between "found nothing" and
 * "started waiting": a thread only waits while the generation it saw before its round is current.
 */
final class WakeSignal {

	private final ReentrantLock lock = new ReentrantLock();
	private final Condition changed = lock.newCondition();
	private long generation;

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

	/** Waits until the generation moves past {@code seen} or the timeout passes. */
	void await(long seen, Duration timeout) throws InterruptedException {
		long remaining = timeout.toNanos();
		lock.lock();
		try {
			while (generation == seen && remaining > 0) {
				remaining = changed.awaitNanos(remaining);
			}
		}
		finally {
			lock.unlock();
		}
	}
}
