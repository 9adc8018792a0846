package outbox.codec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Component;

import outbox.catalog.CatalogEvent;
import outbox.catalog.EventType;

/**
 * The catalog as the outbox uses it: the records {@link CatalogEvent} permits (also through sealed
 * sub-interfaces), each with its type
 * key and payload version. A permitted record without {@link EventType}, or two records with one
 * key, fail startup.
 */
@Component
public class EventCatalog {

	private final Map<String, Class<? extends CatalogEvent>> byKey = new LinkedHashMap<>();
	private final Map<Class<? extends CatalogEvent>, EventType> byClass = new LinkedHashMap<>();

	public EventCatalog() {
		List<String> problems = new ArrayList<>();
		for (Class<? extends CatalogEvent> type : records(CatalogEvent.class)) {
			EventType identity = type.getAnnotation(EventType.class);
			if (identity == null) {
				problems.add(type.getName() + " has no @EventType");
				continue;
			}
			Class<? extends CatalogEvent> previous = byKey.putIfAbsent(identity.key(), type);
			if (previous != null) {
				problems.add("'" + identity.key() + "' is the key of " + previous.getName() + " and " + type.getName());
			}
			byClass.put(type, identity);
		}
		if (!problems.isEmpty()) {
			throw new IllegalStateException("The event catalog is inconsistent: " + String.join("; ", problems));
		}
	}

	/** The records a sealed type permits, through sealed sub-interfaces, in declaration order. */
	static List<Class<? extends CatalogEvent>> records(Class<?> sealed) {
		List<Class<? extends CatalogEvent>> records = new ArrayList<>();
		for (Class<?> permitted : sealed.getPermittedSubclasses()) {
			if (permitted.isSealed() && permitted.isInterface()) {
				records.addAll(records(permitted));
			}
			else {
				records.add(permitted.asSubclass(CatalogEvent.class));
			}
		}
		return records;
	}

	/** The type keys, in catalog order. */
	public List<String> keys() {
		return List.copyOf(byKey.keySet());
	}

	public List<Class<? extends CatalogEvent>> types() {
		return List.copyOf(byClass.keySet());
	}

	public String keyOf(Class<? extends CatalogEvent> type) {
		return identity(type).key();
	}

	public int versionOf(Class<? extends CatalogEvent> type) {
		return identity(type).version();
	}

	/** The console path of the aggregate of an event of type {@code key} with {@code aggregateId}, if a page shows it. */
	public Optional<String> aggregatePath(String key, java.util.UUID aggregateId) {
		return typeOf(key).map(type -> identity(type).aggregatePath())
			.filter(path -> !path.isEmpty() && aggregateId != null)
			.map(path -> path.replace("{id}", aggregateId.toString()));
	}

	public Optional<Class<? extends CatalogEvent>> typeOf(String key) {
		return Optional.ofNullable(byKey.get(key));
	}

	private EventType identity(Class<? extends CatalogEvent> type) {
		EventType identity = byClass.get(type);
		if (identity == null) {
			throw new IllegalArgumentException(type.getName() + " is not in the event catalog");
		}
		return identity;
	}
}
