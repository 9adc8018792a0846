package outbox.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalDouble;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import outbox.store.OutboxEventRepository;
import platform.OutageLog;

/**
 * The outbox dispatcher of one instance (worker role with dispatch enabled): a LISTEN connection,
 * the claim heartbeat and {@code dispatchThreads} loops. Each loop runs {@link DispatchRound}s
 * back to back while there is work, each on its own claimed events, and otherwise sleeps until a
 * wake-up, the next scheduled retry or the poll interval, whichever comes first. Before a round a
 * loop rescues expired claims of any tenant when the rescue interval has passed, and hands back
 * the claims a failed round left behind once the database answers again. LISTEN is established
 * before the loops start and every loop begins with a round, so whatever was published before is
 * found at once. Start fails when the LISTEN connection or the outbox tables are unavailable.
 * Stop lets in-flight attempts finish (up to the shutdown timeout) and hands back the rest. Failed
 * rounds are reported to the {@link OutageLog}: one WARN while the database is away, one INFO when
 * it is back.
 */
public final class Dispatcher implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);
	/** First retry delay when events are due but were all locked by someone else. */
	private static final Duration LOCKED_RETRY = Duration.ofMillis(20);
	static final String COMPONENT = "Outbox dispatch";

	private final String workerId;
	private final OutboxProperties properties;
	private final DispatchRound round;
	private final AttemptRunner attempts;
	private final Leases leases;
	private final LeaseRescue rescue;
	private final OutboxEventRepository events;
	private final boolean enabled;
	private final WakeSignal signal;
	private final WakeListener listener;
	private final OutageLog outages;

	private volatile boolean running;
	private volatile boolean stopping;
	private List<Thread> loops = List.of();

	Dispatcher(String workerId, OutboxProperties properties, DispatchRound round, AttemptRunner attempts, Leases leases,
			LeaseRescue rescue, OutboxEventRepository events, WakeSignal signal, ListenConnections connections,
			OutageLog outages, boolean enabled) {
		this.workerId = workerId;
		this.properties = properties;
		this.round = round;
		this.attempts = attempts;
		this.leases = leases;
		this.rescue = rescue;
		this.events = events;
		this.signal = signal;
		this.enabled = enabled;
		this.outages = outages;
		this.listener = new WakeListener(connections, signal, properties.listenReconnectDelay(), properties.pollInterval());
	}

	@Override
	public synchronized void start() {
		if (!enabled || running) {
			return;
		}
		listener.start("outbox-listen-" + workerId);
		try {
			events.secondsUntilDue();
		}
		catch (RuntimeException e) {
			listener.stop();
			throw new IllegalStateException("The outbox tables are not available", e);
		}
		stopping = false;
		leases.start(workerId);
		attempts.start();
		List<Thread> started = new ArrayList<>();
		for (int i = 1; i <= properties.dispatchThreads(); i++) {
			String loopId = workerId + "#" + i;
			Thread thread = new Thread(() -> loop(loopId), "outbox-dispatch-" + i);
			thread.start();
			started.add(thread);
		}
		loops = List.copyOf(started);
		running = true;
		log.info("Outbox dispatcher {} started: {} threads, batch {}, lease {}, poll {}", workerId, loops.size(),
				properties.batchSize(), properties.eventLease(), properties.pollInterval());
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
				if (loop.isAlive()) {
					loop.interrupt();
					loop.join(1_000);
				}
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
		leases.stop();
		attempts.stop();
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
		List<DispatchRound.ClaimsLeft> left = new ArrayList<>();
		Duration lockedRetry = LOCKED_RETRY;
		while (!stopping && !Thread.currentThread().isInterrupted()) {
			long seen = signal.generation();
			Duration wait;
			try {
				handBack(left);
				rescue.runIfDue();
				DispatchRound.Result result = round.run(loopId, () -> stopping);
				outages.succeeded(COMPONENT);
				if (result == DispatchRound.Result.MORE) {
					// let an idle loop help with the backlog
					signal.wake(1);
				}
				if (result != DispatchRound.Result.IDLE) {
					lockedRetry = LOCKED_RETRY;
					continue;
				}
				OptionalDouble untilDue = events.secondsUntilDue();
				if (untilDue.isPresent() && untilDue.getAsDouble() <= 0) {
					// due but locked (claimed this instant, or held by an admin action): back off
					wait = lockedRetry;
					lockedRetry = min(lockedRetry.multipliedBy(2), properties.pollInterval());
				}
				else {
					wait = untilDue.isEmpty() ? properties.pollInterval()
							: min(Duration.ofMillis((long) Math.ceil(untilDue.getAsDouble() * 1000)), properties.pollInterval());
				}
			}
			catch (DispatchRound.ClaimsLeft e) {
				left.add(e);
				failed(e.getCause());
				wait = properties.listenReconnectDelay();
			}
			catch (RuntimeException e) {
				failed(e);
				wait = properties.listenReconnectDelay();
			}
			try {
				signal.await(seen, wait);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** An outage is logged once while it lasts; anything else is a bug and keeps its stack trace. */
	private void failed(Throwable failure) {
		if (OutageLog.isOutage(failure)) {
			outages.failed(COMPONENT, failure);
		}
		else {
			log.error("Outbox dispatch round failed; retrying after {}", properties.listenReconnectDelay(), failure);
		}
	}

	/** Hands back the claims of failed rounds (throws while the database is still away). */
	private void handBack(List<DispatchRound.ClaimsLeft> left) {
		for (Iterator<DispatchRound.ClaimsLeft> it = left.iterator(); it.hasNext();) {
			DispatchRound.ClaimsLeft claims = it.next();
			int released = events.release(claims.token(), claims.ids());
			it.remove();
			log.info("Handed back {} outbox events claimed before a failed round", released);
		}
	}

	private static Duration min(Duration a, Duration b) {
		return a.compareTo(b) <= 0 ? a : b;
	}
}
