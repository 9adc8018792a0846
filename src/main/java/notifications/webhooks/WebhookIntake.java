package notifications.webhooks;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import outbox.catalog.CatalogEvent;
import outbox.catalog.EventType;
import tools.jackson.databind.json.JsonMapper;

/**
 * A catalog event → one delivery row per enabled endpoint subscribed to its type, written in the
 * caller's tenant unit of work (the event's own transaction), so the rows commit with the event's
 * delivery; a redelivered event finds its rows (one per endpoint and message) and adds none. The
 * payload follows Standard Webhooks: {@code {"type", "timestamp", "data"}}, data being the catalog
 * record as the outbox stores it; the message id is {@code msg_<event id>}.
 */
@Component
class WebhookIntake {

	private final EndpointRepository endpoints;
	private final DeliveryRepository deliveries;
	private final WebhookSender sender;
	private final JsonMapper json;
	private final Clock clock;

	WebhookIntake(EndpointRepository endpoints, DeliveryRepository deliveries, WebhookSender sender, JsonMapper json,
			Clock clock) {
		this.endpoints = endpoints;
		this.deliveries = deliveries;
		this.sender = sender;
		this.json = json;
		this.clock = clock;
	}

	/** Writes the deliveries of {@code event} (stored as {@code eventId}); how many were added. */
	int accept(CatalogEvent event, UUID eventId) {
		EventType type = event.getClass().getAnnotation(EventType.class);
		if (type == null || !WebhookEvents.known(type.key())) {
			return 0;
		}
		List<UUID> subscribed = endpoints.subscribedTo(type.key());
		if (subscribed.isEmpty()) {
			return 0;
		}
		Instant now = clock.instant();
		Map<String, Object> payload = new LinkedHashMap<>();
		payload.put("type", type.key());
		payload.put("timestamp", now.toString());
		payload.put("data", event);
		String body = json.writeValueAsString(payload);
		int added = 0;
		for (UUID endpoint : subscribed) {
			if (deliveries.add(endpoint, "msg_" + eventId, type.key(), body, now)) {
				added++;
			}
		}
		if (added > 0) {
			wakeAfterCommit();
		}
		return added;
	}

	private void wakeAfterCommit() {
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					sender.wake();
				}
			});
		}
		else {
			sender.wake();
		}
	}
}
