package outbox.web;

import java.util.Optional;
import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import platform.DomainException;
import platform.AppUser;
import platform.AdminOnly;

/**
 * Dead letters: a filterable table, the detail with payload and attempt history, retry or discard
 * one, and retry or discard all matching the filter after a confirmation that shows the count.
 * Actions redirect back with a flash message (post/redirect/get, so a reload never repeats them).
 */
@Controller
@AdminOnly
class DeadLetterPageController {

	private final DeadLetterService deadLetters;

	DeadLetterPageController(DeadLetterService deadLetters) {
		this.deadLetters = deadLetters;
	}

	@GetMapping("/admin/outbox/dead-letters")
	String list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String eventType,
			@RequestParam(required = false) String errorClass, @RequestParam(required = false) String consumer,
			@RequestParam(required = false) String cursor, Model model) {
		DeadLetterFilter filter = new DeadLetterFilter(eventType, errorClass, consumer);
		model.addAttribute("filter", filter);
		model.addAttribute("eventTypes", deadLetters.eventTypes());
		model.addAttribute("consumers", deadLetters.consumers());
		model.addAttribute("errorClasses", deadLetters.errorClasses(user.tenantId()));
		try {
			model.addAttribute("page", deadLetters.list(user.tenantId(), filter, cursor, null));
			model.addAttribute("matching", deadLetters.count(user.tenantId(), filter));
		}
		catch (DomainException.InvalidInput e) {
			model.addAttribute("error", "The filter is not valid: " + String.join(", ", e.fieldErrors().keySet()) + ".");
		}
		model.addAttribute("recentActions", deadLetters.recentActions(user.tenantId(), 5));
		return "outbox/dead-letters";
	}

	@GetMapping("/admin/outbox/dead-letters/{id}")
	String detail(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		model.addAttribute("event", deadLetters.get(user.tenantId(), id));
		return "outbox/event";
	}

	@PostMapping("/admin/outbox/dead-letters/{id}/retry")
	String retry(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, RedirectAttributes flash) {
		return act(flash, () -> deadLetters.retry(user.tenantId(), user.getUsername(), id),
				retried(1));
	}

	@PostMapping("/admin/outbox/dead-letters/{id}/discard")
	String discard(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, RedirectAttributes flash) {
		return act(flash, () -> deadLetters.discard(user.tenantId(), user.getUsername(), id), "You discarded the event; it will not be delivered.");
	}

	/** The confirmation of a bulk action: how many dead letters it will change right now. */
	@GetMapping("/admin/outbox/dead-letters/bulk")
	String confirmBulk(@AuthenticationPrincipal AppUser user, @RequestParam String action,
			@RequestParam(required = false) String eventType, @RequestParam(required = false) String errorClass,
			@RequestParam(required = false) String consumer,
			Model model) {
		if (!action.equals("retry") && !action.equals("discard")) {
			throw new DomainException.NotFound("No bulk action " + action);
		}
		DeadLetterFilter filter = new DeadLetterFilter(eventType, errorClass, consumer);
		model.addAttribute("action", action);
		model.addAttribute("filter", filter);
		model.addAttribute("matching", deadLetters.count(user.tenantId(), filter));
		return "outbox/confirm-bulk";
	}

	@PostMapping("/admin/outbox/dead-letters/bulk")
	String bulk(@AuthenticationPrincipal AppUser user, @RequestParam String action,
			@RequestParam(required = false) String eventType, @RequestParam(required = false) String errorClass,
			@RequestParam(required = false) String consumer,
			RedirectAttributes flash) {
		DeadLetterFilter filter = new DeadLetterFilter(eventType, errorClass, consumer);
		int affected = switch (action) {
			case "retry" -> deadLetters.retryAll(user.tenantId(), user.getUsername(), filter);
			case "discard" -> deadLetters.discardAll(user.tenantId(), user.getUsername(), filter);
			default -> throw new DomainException.NotFound("No bulk action " + action);
		};
		flash.addFlashAttribute(affected > 0 ? "success" : "warning", affected == 0 ? "No dead letter matched the filter."
				: action.equals("retry") ? retried(affected)
				: "You discarded " + affected + (affected == 1 ? " event; it will not be delivered." : " events; they will not be delivered."));
		return "redirect:" + UriComponentsBuilder.fromPath("/admin/outbox/dead-letters")
			.queryParamIfPresent("eventType", Optional.ofNullable(blankToNull(eventType)))
			.queryParamIfPresent("errorClass", Optional.ofNullable(blankToNull(errorClass)))
			.queryParamIfPresent("consumer", Optional.ofNullable(blankToNull(consumer)))
			.encode()
			.build()
			.toUriString();
	}

	/**
	 * What is true right after a retry: the events are queued again, not delivered; they may fail
	 * again and come back here.
	 */
	private static String retried(int events) {
		return "Retry queued for " + events + (events == 1 ? " event" : " events") + "; " + (events == 1 ? "it" : "they")
				+ " will be delivered in the background, or come back here if delivery fails again.";
	}

	private static String act(RedirectAttributes flash, Runnable action, String success) {
		try {
			action.run();
			flash.addFlashAttribute("success", success);
		}
		catch (DomainException.Conflict e) {
			flash.addFlashAttribute("error", "Nothing changed: " + e.getMessage() + " (any more).");
		}
		return "redirect:/admin/outbox/dead-letters";
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value;
	}
}
