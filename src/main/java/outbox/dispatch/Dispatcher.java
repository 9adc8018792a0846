package outbox.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import outbox.store.DispatchQueueRepository;

/**
 * The outbox dispatcher of one instance (worker role with dispatch enabled): a LISTEN connection
 * plus {@code dispatchThreads} loops, each running {@link DispatchRound}s back to back while
 * there is work and otherwise sleeping until a wake-up, the next scheduled retry or the poll
 * interval, whichever comes first. LISTEN is established before the loops start and every loop
 * begins with a round, so whatever was published before (or while no instance was listening) is
 * found at once: that first round is the startup scan. Start fails (and with it the application)
 * when the LISTEN connection or the dispatch queue is unavailable. Stop lets in-flight handlers finish (up to
 * the shutdown timeout), records their outcome and hands back claimed events not yet started.
 */
public final class Dispatcher implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);
	/** Retry delay when a tenant is due but its row is locked by a publishing transaction. */
	private static final Duration BUSY_RETRY = Duration.ofMillis(20);

	private final String workerId;
	private final OutboxProperties properties;
	private final DispatchRound round;
	private final DispatchQueueRepository queue;
	private final boolean enabled;
	private final WakeSignal signal = new WakeSignal();
	private final WakeListener listener;

	private volatile boolean running;
	private volatile boolean stopping;
	private List<Thread> loops = List.of();
	private ExecutorService handlerThreads;

	public Dispatcher(String workerId, OutboxProperties properties, DispatchRound round, DispatchQueueRepository queue,
			ListenConnections connections, boolean enabled) {
		this.workerId = workerId;
		this.properties = properties;
		this.round = round;
		this.queue = queue;
		this.enabled = enabled;
		this.listener = new WakeListener(connections, signal, properties.listenReconnectDelay(), properties.pollInterval());
	}

	@Override
	public synchronized void start() {
		if (!enabled || running) {
			return;
		}
		listener.start("outbox-listen-" + workerId);
		try {
			queue.secondsUntilNextDue();
		}
		catch (RuntimeException e) {
			listener.stop();
			throw new IllegalStateException("The outbox dispatch queue is not available", e);
		}
		stopping = false;
		AtomicInteger handlerNumber = new AtomicInteger();
		handlerThreads = Executors.newCachedThreadPool(task -> {
			Thread thread = new Thread(task, "outbox-handler-" + handlerNumber.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		List<Thread> started = new ArrayList<>();
		for (int i = 1; i <= properties.dispatchThreads(); i++) {
			String loopId = workerId + "#" + i;
			Thread thread = new Thread(() -> loop(loopId), "outbox-dispatch-" + i);
			thread.start();
			started.add(thread);
		}
		loops = List.copyOf(started);
		running = true;
		log.info("Outbox dispatcher {} started: {} threads, batch {}, poll {}", workerId, loops.size(),
				properties.batchSize(), properties.pollInterval());
	}

	@Override
	public synchronized void stop() {
		if (!running) {
			return;
		}
		stopping = true;
		signal.wakeAll();
		long deadline = System.nanoTime() + properties.shutdownTimeout().toNanos();
		for (Thread loop : loops) {
			try {
				loop.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			if (loop.isAlive()) {
				log.warn("Outbox dispatch thread {} still busy after the shutdown timeout; its leases will expire",
						loop.getName());
			}
		}
		listener.stop();
		handlerThreads.shutdown();
		loops = List.of();
		running = false;
		log.info("Outbox dispatcher {} stopped", workerId);
	}

	@Override
	public boolean isRunning() {
		return running;
	}

	boolean enabled() {
		return enabled;
	}

	WakeListener listener() {
		return listener;
	}

	private void loop(String loopId) {
		while (!stopping) {
			long seen = signal.generation();
			Duration wait;
			try {
				DispatchRound.Result result = round.run(loopId, handlerThreads, () -> stopping);
				if (result == DispatchRound.Result.MORE) {
					// let an idle loop help with the backlog
					signal.wake(1);
				}
				if (result != DispatchRound.Result.IDLE) {
					continue;
				}
				wait = idleWait();
			}
			catch (RuntimeException e) {
				log.error("Outbox dispatch round failed; retrying after {}", properties.listenReconnectDelay(), e);
				wait = properties.listenReconnectDelay();
			}
			try {
				signal.await(seen, wait);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private Duration idleWait() {
		OptionalDouble seconds = queue.secondsUntilNextDue();
		if (seconds.isEmpty()) {
			return properties.pollInterval();
		}
		if (seconds.getAsDouble() <= 0) {
			return BUSY_RETRY;
		}
		Duration untilDue = Duration.ofMillis((long) Math.ceil(seconds.getAsDouble() * 1000));
		return untilDue.compareTo(properties.pollInterval()) < 0 ? untilDue : properties.pollInterval();
	}
}
