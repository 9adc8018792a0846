package outbox.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.PermanentFailureException;
import outbox.catalog.CatalogEvent;
import outbox.codec.EventCatalog;
import outbox.codec.EventCodec;
import outbox.store.ClaimedEvent;

/**
 * Maps every catalog record to its consumers: one or more handlers, each under its own
 * {@link OutboxEventHandler#consumer() consumer name}. Anything else (a catalog record without a
 * handler, two handlers of one record under one name, a blank name) fails startup. A stored row is
 * routed by its exact type key (after upcasting) and its consumer: no prefixes, wildcards or case
 * folding.
 */
@Component
public class HandlerRegistry {

	private final Map<Class<? extends CatalogEvent>, Map<String, OutboxEventHandler<?>>> handlers;
	private final Map<Class<? extends CatalogEvent>, List<String>> consumers;
	private final Map<Class<? extends CatalogEvent>, Set<String>> selective;
	private final EventCodec codec;

	@Autowired
	public HandlerRegistry(EventCatalog catalog, EventCodec codec, List<OutboxEventHandler<?>> beans) {
		this(catalog.types(), codec, beans);
	}

	HandlerRegistry(List<Class<? extends CatalogEvent>> catalog, EventCodec codec, List<OutboxEventHandler<?>> beans) {
		this.codec = codec;
		Map<Class<? extends CatalogEvent>, Map<String, OutboxEventHandler<?>>> byType = new HashMap<>();
		List<String> problems = new ArrayList<>();
		for (OutboxEventHandler<?> handler : beans) {
			Class<? extends CatalogEvent> type = handler.eventType();
			String consumer = handler.consumer();
			if (!catalog.contains(type)) {
				problems.add(handler.getClass().getName() + " handles " + type.getName() + ", which is not in the event catalog");
			}
			if (!StringUtils.hasText(consumer)) {
				problems.add(handler.getClass().getName() + " has a blank consumer name");
				continue;
			}
			OutboxEventHandler<?> previous = byType.computeIfAbsent(type, key -> new TreeMap<>()).putIfAbsent(consumer, handler);
			if (previous != null) {
				problems.add(type.getSimpleName() + " has two handlers named '" + consumer + "': "
						+ previous.getClass().getName() + " and " + handler.getClass().getName()
						+ " (a module with two consumers of one event names them with consumer())");
			}
		}
		catalog.stream()
			.filter(type -> !byType.containsKey(type))
			.forEach(type -> problems.add(type.getSimpleName() + " has no handler"));
		if (!problems.isEmpty()) {
			throw new IllegalStateException("Every event of the outbox catalog needs handlers with distinct consumer names: "
					+ String.join("; ", problems));
		}
		Map<Class<? extends CatalogEvent>, Map<String, OutboxEventHandler<?>>> frozen = new HashMap<>();
		Map<Class<? extends CatalogEvent>, List<String>> names = new HashMap<>();
		Map<Class<? extends CatalogEvent>, Set<String>> interested = new HashMap<>();
		byType.forEach((type, named) -> {
			frozen.put(type, Map.copyOf(named));
			names.put(type, List.copyOf(named.keySet()));
			interested.put(type, named.entrySet().stream().filter(handler -> handler.getValue().selective())
				.map(Map.Entry::getKey).collect(Collectors.toUnmodifiableSet()));
		});
		this.handlers = Map.copyOf(frozen);
		this.consumers = Map.copyOf(names);
		this.selective = Map.copyOf(interested);
	}

	/** The consumers of a catalog record, in name order: the publisher stores a row for each. */
	public List<String> consumersOf(Class<? extends CatalogEvent> type) {
		List<String> names = consumers.get(type);
		if (names == null) {
			throw new IllegalArgumentException(type.getName() + " has no consumer");
		}
		return names;
	}

	/** The consumers of a catalog record that want it only where a tenant declared an interest. */
	public Set<String> selectiveConsumersOf(Class<? extends CatalogEvent> type) {
		return selective.getOrDefault(type, Set.of());
	}

	/** Every consumer name, sorted (for the admin's filters). */
	public List<String> consumers() {
		return consumers.values().stream().flatMap(List::stream).distinct().sorted().toList();
	}

	/**
	 * The handler call for one claimed row: its payload decoded into the catalog record, for the
	 * row's consumer.
	 *
	 * @throws PermanentFailureException when no record or handler of that consumer reads the stored event
	 */
	Invocation bind(ClaimedEvent event) {
		CatalogEvent decoded = codec.decode(event.type(), event.payloadVersion(), event.payloadJson());
		OutboxEventHandler<?> handler = handlers.getOrDefault(decoded.getClass(), Map.of()).get(event.consumer());
		if (handler == null) {
			throw new PermanentFailureException("No handler of consumer '" + event.consumer() + "' for event type "
					+ event.type());
		}
		return new Invocation(handler, decoded, new Delivery(event.id(), event.tenantId(), event.type(), event.payloadVersion(),
				event.idempotencyKey(), event.attempt()));
	}

	/** One handler call, ready to run (in the event tenant's unit of work unless it is external). */
	record Invocation(OutboxEventHandler<?> handler, CatalogEvent event, Delivery delivery) {

		boolean external() {
			return handler.external();
		}

		@SuppressWarnings("unchecked")
		void run() throws Exception {
			((OutboxEventHandler<CatalogEvent>) handler).handle(event, delivery);
		}

		/** Tells the handler that the event went to the dead letters. */
		@SuppressWarnings("unchecked")
		void deadLettered(String reason) {
			((OutboxEventHandler<CatalogEvent>) handler).deadLettered(event, delivery, reason);
		}
	}
}
