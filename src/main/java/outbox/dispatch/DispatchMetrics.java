package outbox.dispatch;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * {@code outbox_dispatch_total{event_type,outcome}}, the {@code outbox_backlog} gauge (pending,
 * failed and stuck events of all tenants) and the {@code outbox_stuck} gauge (claims past their
 * lease), both counted on the partial indexes and reused for a short TTL, and {@code outbox_commit_to_handled_seconds}, the time from
 * publish to a successful handler return. Event types outside the catalog are labelled
 * {@code unknown} so that the label set stays closed.
 */
public final class DispatchMetrics {

	private static final Logger log = LoggerFactory.getLogger(DispatchMetrics.class);
	static final String UNKNOWN_TYPE = "unknown";

	private final Map<String, Map<Outcome, Counter>> counters = new HashMap<>();
	private final Timer commitToHandled;
	private final CachedCount backlog;
	private final CachedCount stuck;

	public DispatchMetrics(MeterRegistry registry, Collection<String> eventTypes, LongSupplier backlogQuery,
			LongSupplier stuckQuery, Duration ttl) {
		this.backlog = new CachedCount("outbox_backlog", backlogQuery, ttl);
		this.stuck = new CachedCount("outbox_stuck", stuckQuery, ttl);
		for (String type : Stream.concat(eventTypes.stream(), Stream.of(UNKNOWN_TYPE)).toList()) {
			Map<Outcome, Counter> byOutcome = new HashMap<>();
			for (Outcome outcome : Outcome.values()) {
				byOutcome.put(outcome, Counter.builder("outbox.dispatch")
					.description("Outbox delivery attempts by event type and outcome")
					.tag("event_type", type)
					.tag("outcome", outcome.value())
					.register(registry));
			}
			counters.put(type, Map.copyOf(byOutcome));
		}
		this.commitToHandled = Timer.builder("outbox.commit.to.handled")
			.description("Time from publishing an event to its handler returning successfully")
			.publishPercentileHistogram()
			.minimumExpectedValue(Duration.ofMillis(1))
			.maximumExpectedValue(Duration.ofHours(1))
			.register(registry);
		Gauge.builder("outbox.backlog", backlog, CachedCount::value)
			.description("Pending, failed (dead-lettered) and stuck outbox events over all tenants")
			.register(registry);
		Gauge.builder("outbox.stuck", stuck, CachedCount::value)
			.description("Claimed outbox events whose lease passed without a rescue yet (a dead or stalled worker)")
			.register(registry);
	}

	public void record(String eventType, Outcome outcome) {
		counters.getOrDefault(eventType, counters.get(UNKNOWN_TYPE)).get(outcome).increment();
	}

	public void handled(double secondsSincePublish) {
		commitToHandled.record((long) (secondsSincePublish * 1e9), TimeUnit.NANOSECONDS);
	}

	public double count(String eventType, Outcome outcome) {
		return counters.getOrDefault(eventType, counters.get(UNKNOWN_TYPE)).get(outcome).count();
	}

	double backlog() {
		return backlog.value();
	}

	double stuck() {
		return stuck.value();
	}

	/** A count from the database, reused for a short TTL so that frequent scrapes stay cheap. */
	private static final class CachedCount {

		private final String name;
		private final LongSupplier query;
		private final long ttlNanos;
		private long at;
		private double value = Double.NaN;

		CachedCount(String name, LongSupplier query, Duration ttl) {
			this.name = name;
			this.query = query;
			this.ttlNanos = ttl.toNanos();
		}

		synchronized double value() {
			long now = System.nanoTime();
			if (Double.isNaN(value) || now - at >= ttlNanos) {
				try {
					value = query.getAsLong();
					at = now;
				}
				catch (RuntimeException e) {
					log.warn("Could not compute {}: {}", name, e.getMessage());
					return Double.NaN;
				}
			}
			return value;
		}
	}
}
