package jobs.runner;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A callback that blocks until the test releases it, counting invocations and the most that were
 * ever active at once. A stubborn one swallows interrupts and keeps waiting, like a callback that
 * ignores cancellation.
 */
final class GatedCallback implements JobCallback {

	private final boolean stubborn;
	private final Semaphore permits = new Semaphore(0);
	private final BlockingQueue<Integer> starts = new LinkedBlockingQueue<>();
	private final AtomicInteger invocations = new AtomicInteger();
	private final AtomicInteger active = new AtomicInteger();
	private final AtomicInteger maxActive = new AtomicInteger();
	final CountDownLatch interrupted = new CountDownLatch(1);

	private GatedCallback(boolean stubborn) {
		this.stubborn = stubborn;
	}

	static GatedCallback cooperative() {
		return new GatedCallback(false);
	}

	static GatedCallback stubborn() {
		return new GatedCallback(true);
	}

	@Override
	public void run() throws InterruptedException {
		int number = invocations.incrementAndGet();
		maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
		starts.add(number);
		try {
			while (true) {
				try {
					permits.acquire();
					return;
				}
				catch (InterruptedException e) {
					interrupted.countDown();
					if (!stubborn) {
						throw e;
					}
				}
			}
		}
		finally {
			active.decrementAndGet();
		}
	}

	/** Waits for the next invocation to begin and returns its number (1 for the first). */
	int awaitStart() throws InterruptedException {
		return Recorder.next(starts, "invocation to start");
	}

	void release() {
		permits.release();
	}

	int invocations() {
		return invocations.get();
	}

	int maxActive() {
		return maxActive.get();
	}
}
