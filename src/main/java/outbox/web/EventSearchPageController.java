package outbox.web;

import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

import outbox.admin.EventDetail;
import outbox.admin.EventQuery;
import outbox.admin.EventSearchService;
import outbox.admin.EventStatus;
import outbox.codec.EventCatalog;
import platform.DomainException;
import platform.AppUser;
import platform.AdminOnly;

/** Finds any outbox event by id, aggregate id or idempotency key, and shows it with its history. */
@Controller
@AdminOnly
class EventSearchPageController {

	private final EventSearchService events;
	private final EventCatalog catalog;

	EventSearchPageController(EventSearchService events, EventCatalog catalog) {
		this.events = events;
		this.catalog = catalog;
	}

	@GetMapping("/admin/outbox/events")
	String search(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String id,
			@RequestParam(required = false) String aggregateId, @RequestParam(required = false) String idempotencyKey,
			@RequestParam(required = false) String eventType, @RequestParam(required = false) String status,
			@RequestParam(required = false) String consumer, @RequestParam(required = false) String cursor, Model model) {
		model.addAttribute("eventTypes", events.eventTypes());
		model.addAttribute("statuses", EventStatus.VALUES);
		model.addAttribute("consumers", events.consumers());
		model.addAttribute("form", new SearchForm(id, aggregateId, idempotencyKey, eventType, status, consumer));
		try {
			if (id != null && !id.isBlank()) {
				return "redirect:/admin/outbox/events/" + uuid("id", id);
			}
			EventQuery query = new EventQuery(aggregateId == null || aggregateId.isBlank() ? null : uuid("aggregateId", aggregateId),
					idempotencyKey, eventType, EventSearchService.status(status), consumer);
			model.addAttribute("page", events.search(user.tenantId(), query, cursor, null));
		}
		catch (DomainException.InvalidInput e) {
			model.addAttribute("fieldErrors", e.fieldErrors());
		}
		return "outbox/events";
	}

	@GetMapping("/admin/outbox/events/{id}")
	String detail(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		EventDetail event = events.get(user.tenantId(), id);
		model.addAttribute("event", event);
		model.addAttribute("aggregateLink", catalog.aggregatePath(event.eventType(), event.aggregateId()).orElse(null));
		return "outbox/event";
	}

	private static UUID uuid(String field, String value) {
		try {
			return UUID.fromString(value.strip());
		}
		catch (IllegalArgumentException e) {
			throw new DomainException.InvalidInput(field, "is not an id (a UUID)");
		}
	}

	/** The search form as submitted, to show it again. */
	record SearchForm(String id, String aggregateId, String idempotencyKey, String eventType, String status,
			String consumer) {
	}
}
