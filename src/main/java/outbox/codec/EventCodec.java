package outbox.codec;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.stereotype.Component;

import outbox.InvalidEventException;
import outbox.PermanentFailureException;
import outbox.catalog.CatalogEvent;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Catalog records to stored JSON and back. The mapper is the outbox's own (not the web layer's),
 * so the stored shape does not change with API settings; unknown fields are ignored, so a
 * consumer reads payloads that carry fields it no longer needs. A stored payload that does not
 * fit its record (a missing required field, a malformed value) is a permanent failure.
 */
@Component
public class EventCodec {

	private final EventCatalog catalog;
	private final Map<String, Upcaster> upcasters = new HashMap<>();
	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	public EventCodec(EventCatalog catalog, List<Upcaster> upcasters) {
		this.catalog = catalog;
		for (Upcaster upcaster : upcasters) {
			if (this.upcasters.put(slot(upcaster.storedType(), upcaster.storedVersion()), upcaster) != null) {
				throw new IllegalStateException("Two upcasters read " + upcaster.storedType() + " v" + upcaster.storedVersion());
			}
		}
	}

	/** Type keys an event may be stored under: the catalog's and the former ones that upcasters still read. */
	public Set<String> storedTypes() {
		Set<String> types = new TreeSet<>(catalog.keys());
		upcasters.values().forEach(upcaster -> types.add(upcaster.storedType()));
		return types;
	}

	public String encode(CatalogEvent event) {
		try {
			return json.writeValueAsString(event);
		}
		catch (JacksonException e) {
			throw new InvalidEventException("A " + catalog.keyOf(event.getClass()) + " event is not JSON-serialisable: "
					+ e.getOriginalMessage());
		}
	}

	/**
	 * The record stored as {@code type} / {@code version}, upcast to its current shape.
	 *
	 * @throws PermanentFailureException when no record reads it or the payload does not fit
	 */
	public CatalogEvent decode(String type, int version, String payloadJson) {
		try {
			JsonNode node = json.readTree(payloadJson);
			if (!(node instanceof ObjectNode payload)) {
				throw new PermanentFailureException("The stored payload of a " + type + " event is not a JSON object");
			}
			String current = type;
			int currentVersion = version;
			Upcaster upcaster;
			while ((upcaster = upcasters.get(slot(current, currentVersion))) != null) {
				upcaster.upcast(payload);
				current = upcaster.currentType();
				currentVersion = catalog.typeOf(current).map(catalog::versionOf).orElse(currentVersion);
			}
			String key = current;
			Class<? extends CatalogEvent> record = catalog.typeOf(key)
				.orElseThrow(() -> new PermanentFailureException("No catalog record for event type " + key));
			if (currentVersion != catalog.versionOf(record)) {
				throw new PermanentFailureException("No upcaster reads " + key + " payload version " + currentVersion);
			}
			return json.treeToValue(payload, record);
		}
		catch (JacksonException e) {
			throw new PermanentFailureException("The stored payload of a " + type + " event does not fit its record: "
					+ e.getOriginalMessage(), e);
		}
	}

	private static String slot(String type, int version) {
		return type + "@" + version;
	}
}
