package notifications.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import notifications.preferences.NotificationPreferences;
import notifications.preferences.NotificationPreferences.KindPreference;
import platform.AppUser;
import platform.DomainException;
import platform.Htmx;

/**
 * My notifications (every user, under the user's menu): per kind of mail, immediately, in the daily
 * digest, or off; off is not offered for kinds that cannot be turned off. Refusals show inline at
 * their kind and nothing is saved; htmx swaps the panel.
 */
@Controller
@RequestMapping("/me/notifications")
class PreferencesPageController {

	/** The form's field of a kind: {@code kind.<kind>}. */
	static final String FIELD = "kind.";

	private final NotificationPreferences preferences;

	PreferencesPageController(NotificationPreferences preferences) {
		this.preferences = preferences;
	}

	@GetMapping
	String show(@AuthenticationPrincipal AppUser user, Model model, HttpServletRequest request) {
		return page(preferences.of(user), Map.of(), Map.of(), model, request);
	}

	@PostMapping
	String save(@AuthenticationPrincipal AppUser user, @RequestParam MultiValueMap<String, String> form, Model model,
			HttpServletRequest request) {
		Map<String, String> requested = new LinkedHashMap<>();
		form.forEach((name, values) -> {
			if (name.startsWith(FIELD) && !values.isEmpty()) {
				requested.put(name.substring(FIELD.length()), values.get(0));
			}
		});
		try {
			List<KindPreference> saved = preferences.change(user, requested);
			model.addAttribute("success", "Saved: your mails come as chosen below.");
			return page(saved, Map.of(), Map.of(), model, request);
		}
		catch (DomainException.InvalidInput e) {
			Map<String, String> errors = new LinkedHashMap<>();
			e.fieldErrors().forEach((field, message) -> errors.put(field.replaceFirst("^preferences\\.?", ""), message));
			return page(preferences.of(user), requested, errors, model, request);
		}
	}

	private static String page(List<KindPreference> current, Map<String, String> typed, Map<String, String> errors,
			Model model, HttpServletRequest request) {
		model.addAttribute("preferences", current);
		model.addAttribute("typed", typed);
		model.addAttribute("errors", errors);
		return Htmx.isRequest(request) ? "notifications/preferences :: panel" : "notifications/preferences";
	}
}
