package outbox.testing;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import outbox.Delivery;
import outbox.catalog.CatalogEvent;

/**
 * What the test handlers do, per tenant and idempotency key: by default they succeed. Every call is
 * counted before the scripted behaviour runs, so tests see each attempt, and the last record
 * delivered under each key is kept, so tests see what arrived.
 */
public class HandlerScript {

	/** A scripted handler behaviour. */
	@FunctionalInterface
	public interface Behaviour {
		void apply(Delivery delivery) throws Exception;
	}

	private final Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
	private final Map<String, Behaviour> behaviours = new ConcurrentHashMap<>();
	private final Map<String, CatalogEvent> received = new ConcurrentHashMap<>();
	private final Map<String, String> deadLetterNotices = new ConcurrentHashMap<>();

	public void when(String tenant, String idempotencyKey, Behaviour behaviour) {
		behaviours.put(tenant + "/" + idempotencyKey, behaviour);
	}

	/** The behaviour of the {@link TestHandlers#SECOND_CONSUMER second consumer}'s handler. */
	public void whenSecond(String tenant, String idempotencyKey, Behaviour behaviour) {
		behaviours.put(slot(TestHandlers.SECOND_CONSUMER, tenant, idempotencyKey), behaviour);
	}

	public int deliveries(String tenant, String idempotencyKey) {
		AtomicInteger count = deliveries.get(tenant + "/" + idempotencyKey);
		return count == null ? 0 : count.get();
	}

	/** Calls of the {@link TestHandlers#SECOND_CONSUMER second consumer}'s handler. */
	public int secondDeliveries(String tenant, String idempotencyKey) {
		AtomicInteger count = deliveries.get(slot(TestHandlers.SECOND_CONSUMER, tenant, idempotencyKey));
		return count == null ? 0 : count.get();
	}

	/** The default consumer's calls are keyed by tenant and key alone, another consumer's with its name. */
	private static String slot(String consumer, String tenant, String idempotencyKey) {
		return consumer == null ? tenant + "/" + idempotencyKey : consumer + "/" + tenant + "/" + idempotencyKey;
	}

	/** The last record delivered to a test handler under this tenant and key. */
	public Optional<CatalogEvent> received(String tenant, String idempotencyKey) {
		return Optional.ofNullable(received.get(tenant + "/" + idempotencyKey));
	}

	/** The reason the dispatcher gave when it told the handler that the event went to the dead letters. */
	public Optional<String> deadLetterNotice(String tenant, String idempotencyKey) {
		return Optional.ofNullable(deadLetterNotices.get(tenant + "/" + idempotencyKey));
	}

	void deadLettered(Delivery delivery, String reason) {
		if (deadLetterNotices.putIfAbsent(delivery.tenantId() + "/" + delivery.idempotencyKey(), reason) != null) {
			throw new IllegalStateException("second dead-letter notice for " + delivery.idempotencyKey());
		}
	}

	void handle(CatalogEvent event, Delivery delivery) throws Exception {
		handle(null, event, delivery);
	}

	void handle(String consumer, CatalogEvent event, Delivery delivery) throws Exception {
		String key = slot(consumer, delivery.tenantId(), delivery.idempotencyKey());
		deliveries.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
		received.put(key, event);
		Behaviour behaviour = behaviours.get(key);
		if (behaviour != null) {
			behaviour.apply(delivery);
		}
	}
}
