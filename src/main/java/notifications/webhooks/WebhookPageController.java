package notifications.webhooks;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;

/**
 * Webhooks: the tenant's endpoints and a form to register one (the secret is shown once, on the
 * answer to the registration), and an endpoint's page with its delivery log, redeliver, enable and
 * delete. Actions on an endpoint redirect back with a flash message (post/redirect/get).
 */
@Controller
@AdminOnly
class WebhookPageController {

	private final Webhooks webhooks;

	WebhookPageController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	@GetMapping("/admin/webhooks")
	String list(@AuthenticationPrincipal AppUser admin, Model model) {
		return view(admin, model, "", List.of(), Map.of());
	}

	@PostMapping("/admin/webhooks")
	String register(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String url,
			@RequestParam(required = false) List<String> events, Model model) {
		List<String> chosen = events == null ? List.of() : events;
		try {
			model.addAttribute("created", webhooks.register(admin, url.strip(), chosen));
			return view(admin, model, "", List.of(), Map.of());
		}
		catch (DomainException.InvalidInput e) {
			Map<String, String> errors = new java.util.LinkedHashMap<>();
			e.fieldErrors().forEach((field, message) -> errors.merge(field.startsWith("events") ? "events" : field,
					message, (a, b) -> a + "; " + b));
			return view(admin, model, url, chosen, errors);
		}
	}

	@GetMapping("/admin/webhooks/{id}")
	String endpoint(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, Model model) {
		model.addAttribute("endpoint", webhooks.get(admin.tenantId(), id));
		model.addAttribute("deliveries", webhooks.deliveries(admin.tenantId(), id));
		return "notifications/webhook";
	}

	@PostMapping("/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver")
	String redeliver(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, @PathVariable UUID deliveryId,
			RedirectAttributes flash) {
		try {
			webhooks.redeliver(admin, id, deliveryId);
			flash.addFlashAttribute("success", "Redelivery queued: it is sent in the background.");
		}
		catch (DomainException.Conflict e) {
			flash.addFlashAttribute("error", "Nothing changed: " + e.getMessage() + ".");
		}
		return "redirect:/admin/webhooks/" + id;
	}

	@PostMapping("/admin/webhooks/{id}/enable")
	String enable(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, RedirectAttributes flash) {
		try {
			webhooks.enable(admin, id);
			flash.addFlashAttribute("success", "Enabled: new events are delivered again.");
		}
		catch (DomainException.Conflict e) {
			flash.addFlashAttribute("error", "Nothing changed: " + e.getMessage() + ".");
		}
		return "redirect:/admin/webhooks/" + id;
	}

	@PostMapping("/admin/webhooks/{id}/delete")
	String delete(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, RedirectAttributes flash) {
		Endpoint endpoint = webhooks.get(admin.tenantId(), id);
		webhooks.delete(admin, id);
		flash.addFlashAttribute("success", "Deleted the endpoint " + endpoint.url() + ".");
		return "redirect:/admin/webhooks";
	}

	private String view(AppUser admin, Model model, String url, List<String> events, Map<String, String> errors) {
		model.addAttribute("endpoints", webhooks.list(admin.tenantId()));
		model.addAttribute("types", WebhookEvents.TYPES);
		model.addAttribute("form", new Form(url, events));
		model.addAttribute("errors", errors);
		return "notifications/webhooks";
	}

	/** What the form shows again after a refusal. */
	record Form(String url, List<String> events) {
	}
}
