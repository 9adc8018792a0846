package platform.temporal;

import java.lang.reflect.Field;
import java.util.LinkedList;
import java.util.concurrent.locks.Lock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.temporal.testserver.TestServer;

/**
 * The embedded test server's time-skipping lock log, kept to its last entries.
 * <p>
 * The SDK's {@code SelfAdvancingTimerImpl} appends every lock and unlock of time skipping to a
 * {@link LinkedList} that it never trims, and removes a lock's entry by a linear scan under its
 * global lock. Every workflow task, activity and signal takes such a lock, so the list grows with
 * everything the server ever did and each step walks all of it: after some thousands of runs
 * that scan dominates the server's CPU and every workflow step slows down with the server's age.
 * The list only feeds the server's diagnostics and its check for an unlock without a
 * lock (the lock count is kept beside it): bounded, an entry that is no longer there counts as
 * removed, so that check is given up; nothing else changes.
 */
final class BoundedLockLog extends LinkedList<Object> {

	private static final Logger log = LoggerFactory.getLogger(BoundedLockLog.class);
	static final int CAPACITY = 256;

	@Override
	public boolean add(Object event) {
		super.add(event);
		if (size() > CAPACITY) {
			removeFirst();
		}
		return true;
	}

	@Override
	public boolean remove(Object event) {
		// a lock is released soon after it is taken: look from the newest end
		removeLastOccurrence(event);
		// an entry dropped for age: reporting it missing would fail the workflow step as unbalanced
		return true;
	}

	/**
	 * Replaces the server's log with a bounded one. The field is private to the SDK, so this may
	 * stop working on an SDK upgrade: then the server runs as before and this says so once.
	 */
	static void install(TestServer.PortBoundTestServer server) {
		try {
			Object timer = field(field(server, "testServicesStarter"), "selfAdvancingTimer");
			Lock lock = (Lock) field(timer, "lock");
			Field events = timer.getClass().getDeclaredField("lockEvents");
			events.setAccessible(true);
			lock.lock();
			try {
				BoundedLockLog bounded = new BoundedLockLog();
				bounded.addAll((LinkedList<?>) events.get(timer));
				events.set(timer, bounded);
			}
			finally {
				lock.unlock();
			}
		}
		catch (ReflectiveOperationException | RuntimeException e) {
			log.warn("Could not bound the embedded Temporal server's lock log ({}); it will slow down as its workflows run",
					e.toString());
		}
	}

	/** The log the server uses now, for tests. */
	static LinkedList<?> of(TestServer.PortBoundTestServer server) throws ReflectiveOperationException {
		return (LinkedList<?>) field(field(field(server, "testServicesStarter"), "selfAdvancingTimer"), "lockEvents");
	}

	private static Object field(Object owner, String name) throws ReflectiveOperationException {
		Field field = owner.getClass().getDeclaredField(name);
		field.setAccessible(true);
		return field.get(owner);
	}
}
