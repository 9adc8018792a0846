package outbox.retention;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.Job;
import outbox.dispatch.OutboxProperties;
import outbox.store.EventIds;
import outbox.store.OutboxEventRepository;

/**
 * {@code outbox_retention}: removes delivered and discarded events older than
 * {@code outbox.retention} in batches of {@code outbox.retention-batch-size}, each its own short
 * transaction, so the hot table stays small without long locks or one huge DELETE. Dead letters
 * and pending work are never touched; each batch resumes where the previous one stopped. Stops between batches when interrupted (job timeout).
 */
@Component
class OutboxRetentionJob implements Job {

	private static final Logger log = LoggerFactory.getLogger(OutboxRetentionJob.class);

	private final OutboxEventRepository events;
	private final OutboxProperties properties;
	private final Clock clock;

	OutboxRetentionJob(OutboxEventRepository events, OutboxProperties properties, Clock clock) {
		this.events = events;
		this.properties = properties;
		this.clock = clock;
	}

	static final String NAME = "outbox_retention";

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		Instant before = clock.instant().minus(properties.retention());
		int batch = properties.retentionBatchSize();
		UUID floor = EventIds.floor(before);
		long total = 0;
		Optional<UUID> after = Optional.of(EventIds.MIN);
		while (after.isPresent() && !Thread.currentThread().isInterrupted()) {
			OutboxEventRepository.Purge purge = events.purgeFinished(before, after.get(), floor, batch);
			total += purge.deleted();
			after = purge.resumeAfter();
		}
		if (total > 0) {
			log.info("Outbox retention removed {} events finished before {}", total, before);
		}
	}
}
