package outbox.dispatch;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.store.OutboxEventRepository;
import outbox.store.RescuedEvent;

/**
 * Rescues expired claims of every tenant (a dead or stalled worker's events), at most once per
 * rescue interval per instance: whichever dispatcher thread comes first does it before its round.
 */
final class LeaseRescue {

	private static final Logger log = LoggerFactory.getLogger(LeaseRescue.class);
	private static final int LIMIT = 1_000;

	private final OutboxEventRepository events;
	private final DispatchMetrics metrics;
	private final DeadLetterNotices notices;
	private final long intervalNanos;
	private final AtomicLong nextAt = new AtomicLong(System.nanoTime());

	LeaseRescue(OutboxEventRepository events, DispatchMetrics metrics, DeadLetterNotices notices, Duration interval) {
		this.events = events;
		this.metrics = metrics;
		this.notices = notices;
		this.intervalNanos = interval.toNanos();
	}

	void runIfDue() {
		long due = nextAt.get();
		long now = System.nanoTime();
		if (now - due < 0 || !nextAt.compareAndSet(due, now + intervalNanos)) {
			return;
		}
		List<RescuedEvent> rescued;
		do {
			rescued = events.rescueExpired(LIMIT);
			rescued.forEach(event -> metrics.record(event.type(),
					event.deadLettered() ? Outcome.DEAD_LETTERED : Outcome.RETRIED));
			if (!rescued.isEmpty()) {
				log.warn("Rescued {} outbox events whose worker stopped renewing their lease (tenants {})", rescued.size(),
						rescued.stream().map(RescuedEvent::tenantId).distinct().toList());
			}
			rescued.stream().filter(RescuedEvent::deadLettered).forEach(event -> notices.notice(event.asClaimed(), event.lastError()));
		}
		while (rescued.size() == LIMIT);
	}
}
