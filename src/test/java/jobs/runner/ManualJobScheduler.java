package jobs.runner;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A virtual clock for runner tests: time stands still until {@link #advance} moves it, running
 * every task that falls due on the way at its due time, in order. Tasks run on the advancing
 * thread, outside this scheduler's lock, like a real scheduler thread.
 */
final class ManualJobScheduler implements JobScheduler {

	private static final class Task {

		final Instant due;
		final long sequence;
		final Runnable work;
		volatile boolean cancelled;

		Task(Instant due, long sequence, Runnable work) {
			this.due = due;
			this.sequence = sequence;
			this.work = work;
		}
	}

	private final PriorityQueue<Task> tasks = new PriorityQueue<>(
			Comparator.comparing((Task t) -> t.due).thenComparingLong(t -> t.sequence));
	private Instant now;
	private long sequence;

	ManualJobScheduler(Instant start) {
		this.now = start;
	}

	@Override
	public synchronized Instant now() {
		return now;
	}

	@Override
	public synchronized Cancellable schedule(Duration delay, Runnable work) {
		Task task = new Task(delay.isNegative() ? now : now.plus(delay), sequence++, work);
		tasks.add(task);
		return () -> task.cancelled = true;
	}

	void advance(Duration by) {
		Instant target;
		synchronized (this) {
			target = now.plus(by);
		}
		while (true) {
			Task next;
			synchronized (this) {
				next = tasks.peek();
				if (next == null || next.due.isAfter(target)) {
					now = target;
					return;
				}
				tasks.poll();
				if (next.due.isAfter(now)) {
					now = next.due;
				}
			}
			if (!next.cancelled) {
				next.work.run();
			}
		}
	}
}
