package outbox.dispatch;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.store.OutboxEventRepository;
import platform.OutageLog;

/**
 * The heartbeat of this instance's claims: while a round holds a claim token, its events' leases
 * are renewed every third of the lease. Claims are therefore short (a dead worker's events are
 * rescued one lease after it died), however long the handlers take.
 */
final class Leases {

	private static final Logger log = LoggerFactory.getLogger(Leases.class);
	private static final String COMPONENT = "Outbox claim heartbeat";

	private final OutboxEventRepository events;
	private final Duration lease;
	private final Duration interval;
	private final Set<UUID> held = ConcurrentHashMap.newKeySet();
	private final OutageLog outages;
	private ScheduledExecutorService heartbeat;

	Leases(OutboxEventRepository events, OutboxProperties properties, OutageLog outages) {
		this.events = events;
		this.outages = outages;
		this.lease = properties.eventLease();
		this.interval = properties.heartbeatInterval();
	}

	void hold(UUID token) {
		held.add(token);
	}

	void drop(UUID token) {
		held.remove(token);
	}

	synchronized void start(String workerId) {
		heartbeat = Executors.newSingleThreadScheduledExecutor(task -> {
			Thread thread = new Thread(task, "outbox-heartbeat-" + workerId);
			thread.setDaemon(true);
			return thread;
		});
		heartbeat.scheduleWithFixedDelay(this::renew, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	synchronized void stop() {
		if (heartbeat != null) {
			heartbeat.shutdownNow();
			heartbeat = null;
		}
	}

	private void renew() {
		List<UUID> tokens = List.copyOf(held);
		if (tokens.isEmpty()) {
			return;
		}
		try {
			events.renewLeases(tokens, lease);
			outages.succeeded(COMPONENT);
		}
		catch (RuntimeException e) {
			if (OutageLog.isOutage(e)) {
				outages.failed(COMPONENT, e);
				return;
			}
			log.warn("Could not renew the leases of {} outbox claims; they expire unless renewed in time: {}",
					tokens.size(), e.getMessage());
		}
	}
}
