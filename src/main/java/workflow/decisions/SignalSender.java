package workflow.decisions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Sends decision signals after their action has committed, so that an approval is answered once it
 * is durable and does not wait for the workflow engine. Each run's signals go through one of
 * {@code senders} threads (chosen by run id), so they leave in the order they were recorded. When a
 * sender's queue is full the caller waits up to {@link #FULL_WAIT} for room (back-pressure that
 * keeps the order). Whatever is not queued then, is still queued when the application stops, or is
 * lost in a crash, is an action without {@code signal_sent_at}: the redelivery job sends it (see
 * {@code workflow_signal_redelivery}).
 */
@Component
@EnableConfigurationProperties(SignalSender.Settings.class)
class SignalSender implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(SignalSender.class);

	/** How long a caller waits for room in a full sender queue before leaving its signal to the job. */
	static final Duration FULL_WAIT = Duration.ofSeconds(1);

	/**
	 * {@code workflow.signals}: sender threads, and the signals each may hold before a caller waits
	 * for room.
	 */
	@ConfigurationProperties("workflow.signals")
	record Settings(Integer senders, Integer queue) {

		Settings {
			senders = senders == null ? 4 : senders;
			queue = queue == null ? 1000 : queue;
			if (senders < 1 || queue < 1) {
				throw new IllegalArgumentException("workflow.signals.senders and workflow.signals.queue must be at least 1");
			}
		}
	}

	private final Settings settings;
	private volatile List<ThreadPoolExecutor> senders = List.of();

	SignalSender(Settings settings) {
		this.settings = settings;
	}

	/** Runs {@code send} on the run's sender thread after its earlier signals; waits while that queue is full. */
	void submit(UUID runId, Runnable send) {
		List<ThreadPoolExecutor> current = senders;
		try {
			if (current.isEmpty()) {
				throw new RejectedExecutionException("signal sending is stopped");
			}
			current.get(Math.floorMod(runId.hashCode(), current.size())).execute(send);
		}
		catch (RejectedExecutionException e) {
			// the action is durable and unsent: the redelivery job sends it
			log.warn("Signal of run {} not queued ({}); the redelivery job will send it", runId, e.getMessage());
		}
	}

	/** The rejection policy of a sender: wait for room (a sender's queue is full) unless it is stopping. */
	private static void waitForRoom(Runnable send, ThreadPoolExecutor sender) {
		try {
			if (sender.isShutdown()) {
				throw new RejectedExecutionException("signal sending is stopped");
			}
			if (!sender.getQueue().offer(send, FULL_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new RejectedExecutionException("the sender's queue stayed full for " + FULL_WAIT.toMillis() + " ms");
			}
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new RejectedExecutionException("interrupted while waiting for room");
		}
	}

	@Override
	public synchronized void start() {
		if (!senders.isEmpty()) {
			return;
		}
		List<ThreadPoolExecutor> started = new ArrayList<>();
		for (int i = 1; i <= settings.senders(); i++) {
			String name = "signal-sender-" + i;
			// daemon: a start that fails later must not be kept alive by them (what they hold is durable)
			started.add(new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(settings.queue()),
					task -> {
						Thread thread = new Thread(task, name);
						thread.setDaemon(true);
						return thread;
					}, SignalSender::waitForRoom));
		}
		senders = List.copyOf(started);
	}

	/** Sends what is queued (for up to ten seconds); the rest is left to the redelivery job. */
	@Override
	public synchronized void stop() {
		List<ThreadPoolExecutor> stopping = senders;
		senders = List.of();
		stopping.forEach(ThreadPoolExecutor::shutdown);
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		int left = 0;
		for (ThreadPoolExecutor sender : stopping) {
			try {
				if (!sender.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
					left += sender.shutdownNow().size();
				}
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				left += sender.shutdownNow().size();
			}
		}
		if (left > 0) {
			log.warn("{} decision signal(s) not sent before shutdown; the redelivery job sends them", left);
		}
	}

	@Override
	public boolean isRunning() {
		return !senders.isEmpty();
	}

	/** Stops after the web server has finished its requests (which may still submit signals). */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 4096;
	}
}
