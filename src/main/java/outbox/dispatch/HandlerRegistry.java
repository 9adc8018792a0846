package outbox.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.PermanentFailureException;
import outbox.catalog.CatalogEvent;
import outbox.codec.EventCatalog;
import outbox.codec.EventCodec;
import outbox.store.ClaimedEvent;

/**
 * Maps every catalog record to exactly one handler. Anything else (a catalog record without a
 * handler, two handlers for one record) fails startup. A stored event is routed by its exact type
 * key (after upcasting): no prefixes, wildcards or case folding.
 */
@Component
public class HandlerRegistry {

	private final Map<Class<? extends CatalogEvent>, OutboxEventHandler<?>> handlers;
	private final EventCodec codec;

	@Autowired
	public HandlerRegistry(EventCatalog catalog, EventCodec codec, List<OutboxEventHandler<?>> beans) {
		this(catalog.types(), codec, beans);
	}

	HandlerRegistry(List<Class<? extends CatalogEvent>> catalog, EventCodec codec, List<OutboxEventHandler<?>> beans) {
		this.codec = codec;
		Map<Class<? extends CatalogEvent>, OutboxEventHandler<?>> byType = new HashMap<>();
		List<String> problems = new ArrayList<>();
		for (OutboxEventHandler<?> handler : beans) {
			Class<? extends CatalogEvent> type = handler.eventType();
			if (!catalog.contains(type)) {
				problems.add(handler.getClass().getName() + " handles " + type.getName() + ", which is not in the event catalog");
			}
			OutboxEventHandler<?> previous = byType.putIfAbsent(type, handler);
			if (previous != null) {
				problems.add(type.getSimpleName() + " has two handlers: " + previous.getClass().getName() + " and "
						+ handler.getClass().getName());
			}
		}
		catalog.stream()
			.filter(type -> !byType.containsKey(type))
			.forEach(type -> problems.add(type.getSimpleName() + " has no handler"));
		if (!problems.isEmpty()) {
			throw new IllegalStateException("The outbox handler registry must map the event catalog 1:1 to handlers: "
					+ String.join("; ", problems));
		}
		this.handlers = Map.copyOf(byType);
	}

	/**
	 * The handler call for one claimed event: its payload decoded into the catalog record.
	 *
	 * @throws PermanentFailureException when no record or handler reads the stored event
	 */
	Invocation bind(ClaimedEvent event) {
		CatalogEvent decoded = codec.decode(event.type(), event.payloadVersion(), event.payloadJson());
		OutboxEventHandler<?> handler = handlers.get(decoded.getClass());
		if (handler == null) {
			throw new PermanentFailureException("No handler for event type " + event.type());
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
