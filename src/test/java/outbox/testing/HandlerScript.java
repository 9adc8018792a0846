package outbox.testing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import outbox.DeliveredEvent;

/**
 * What the test handlers do, per tenant and idempotency key: by default they succeed. Every call is
 * counted before the scripted behaviour runs, so tests see each attempt.
 */
public class HandlerScript {

	/** A scripted handler behaviour. */
	@FunctionalInterface
	public interface Behaviour {
		void apply(DeliveredEvent event) throws Exception;
	}

	private final Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
	private final Map<String, Behaviour> behaviours = new ConcurrentHashMap<>();
	private final Map<String, Behaviour> tenantBehaviours = new ConcurrentHashMap<>();

	public void when(String tenant, String idempotencyKey, Behaviour behaviour) {
		behaviours.put(tenant + "/" + idempotencyKey, behaviour);
	}

	/** A behaviour for every event of the tenant without one of its own. */
	public void whenTenant(String tenant, Behaviour behaviour) {
		tenantBehaviours.put(tenant, behaviour);
	}

	public int deliveries(String tenant, String idempotencyKey) {
		AtomicInteger count = deliveries.get(tenant + "/" + idempotencyKey);
		return count == null ? 0 : count.get();
	}

	void handle(DeliveredEvent event) throws Exception {
		String key = event.tenantId() + "/" + event.idempotencyKey();
		deliveries.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
		Behaviour behaviour = behaviours.getOrDefault(key, tenantBehaviours.get(event.tenantId()));
		if (behaviour != null) {
			behaviour.apply(event);
		}
	}
}
