package outbox.admin;

import java.util.Map;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

import outbox.codec.EventCodec;
import outbox.dispatch.HandlerRegistry;
import platform.DomainException;
import platform.Cursors;
import platform.TenantTransactions;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Finds any outbox event of the admin's tenant ("why did no run start for this employee?"). */
@Service
public class EventSearchService {

	private static final TypeReference<Map<String, Object>> PAYLOAD = new TypeReference<>() {
	};

	private final TenantTransactions transactions;
	private final EventAdminRepository events;
	private final JsonMapper json;
	private final List<String> eventTypes;
	private final HandlerRegistry registry;

	EventSearchService(TenantTransactions transactions, EventAdminRepository events, JsonMapper json, EventCodec codec,
			HandlerRegistry registry) {
		this.registry = registry;
		this.transactions = transactions;
		this.events = events;
		this.json = json;
		this.eventTypes = List.copyOf(codec.storedTypes());
	}

	/** Every type key an event may be stored under (the catalog's and former ones still read). */
	public List<String> eventTypes() {
		return eventTypes;
	}

	/** The consumers' names (an event has a row for each consumer of its type). */
	public List<String> consumers() {
		return registry.consumers();
	}

	/** Newest first; blank criteria are ignored. */
	public Page<EventSummary> search(String tenantId, EventQuery query, String cursor, Integer limit) {
		EventQuery normalized = new EventQuery(query.aggregateId(), blankToNull(query.idempotencyKey()),
				eventType(query.eventType()), query.status(), blankToNull(query.consumer()));
		int size = Paging.limit(limit);
		UUID after = Paging.uuidCursor(cursor);
		return transactions.readInTenant(tenantId, () -> Paging.page(events.search(normalized, after, size + 1), size,
				event -> Cursors.encode(event.id())));
	}

	public EventDetail get(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId, () -> events.find(id)
			.map(stored -> new EventDetail(stored.id(), stored.eventType(), stored.consumer(), stored.aggregateId(), stored.idempotencyKey(),
					stored.status(), stored.attempts(), stored.maxAttempts(), stored.redrives(), stored.lastErrorClass(),
					stored.lastError(), stored.claimedBy(), stored.createdAt(), stored.availableAt(), stored.deliveredAt(),
					stored.failedAt(), stored.discardedAt(), stored.payloadVersion(),
					json.readValue(stored.payloadJson(), PAYLOAD), events.attempts(id)))
			.orElseThrow(() -> new DomainException.NotFound("No outbox event " + id)));
	}

	String eventType(String eventType) {
		String type = blankToNull(eventType);
		if (type != null && !eventTypes.contains(type)) {
			throw new DomainException.InvalidInput("eventType", "is not a known event type");
		}
		return type;
	}

	/** The status a search form or query names; blank: any. */
	public static EventStatus status(String status) {
		String value = blankToNull(status);
		if (value != null && !EventStatus.VALUES.contains(value)) {
			throw new DomainException.InvalidInput("status", "must be one of " + String.join(", ", EventStatus.VALUES));
		}
		return EventStatus.of(value);
	}

	static String blankToNull(String value) {
		return StringUtils.hasText(value) ? value.strip() : null;
	}
}
