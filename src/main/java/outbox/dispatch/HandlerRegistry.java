package outbox.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import outbox.EventTypes;
import outbox.OutboxEventHandler;

/**
 * Maps every catalog type to exactly one handler. Anything else (a catalog type without a
 * handler, a handler for a type outside the catalog, two handlers for one type) fails startup.
 * Lookup is by exact key: no prefixes, wildcards or case folding.
 */
@Component
public class HandlerRegistry {

	private final Map<String, OutboxEventHandler> handlers;

	@Autowired
	public HandlerRegistry(List<OutboxEventHandler> beans) {
		this(EventTypes.ALL, beans);
	}

	HandlerRegistry(List<String> catalog, List<OutboxEventHandler> beans) {
		Map<String, OutboxEventHandler> byType = new HashMap<>();
		List<String> problems = new ArrayList<>();
		for (OutboxEventHandler handler : beans) {
			String type = handler.eventType();
			if (!catalog.contains(type)) {
				problems.add(handler.getClass().getName() + " handles '" + type + "', which is not in the event catalog");
			}
			OutboxEventHandler previous = byType.putIfAbsent(type, handler);
			if (previous != null) {
				problems.add("'" + type + "' has two handlers: " + previous.getClass().getName() + " and "
						+ handler.getClass().getName());
			}
		}
		new TreeSet<>(catalog).stream()
			.filter(type -> !byType.containsKey(type))
			.forEach(type -> problems.add("'" + type + "' has no handler"));
		if (!problems.isEmpty()) {
			throw new IllegalStateException("The outbox handler registry must map the event catalog 1:1 to handlers: "
					+ String.join("; ", problems));
		}
		this.handlers = Map.copyOf(byType);
	}

	public Optional<OutboxEventHandler> handlerFor(String eventType) {
		return Optional.ofNullable(handlers.get(eventType));
	}
}
