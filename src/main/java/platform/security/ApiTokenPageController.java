package platform.security;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.Htmx;
import platform.Role;

/**
 * The console's API token page: the tenant's tokens, a form to create one (its secret is shown on
 * the answer to that request only, never again) and a revoke button per active token. Works as
 * plain forms; with htmx the panel is swapped in place.
 */
@Controller
@AdminOnly
class ApiTokenPageController {

	static final int DEFAULT_LIFETIME_DAYS = 90;

	private final ApiTokens tokens;
	private final Clock clock;

	ApiTokenPageController(ApiTokens tokens, Clock clock) {
		this.tokens = tokens;
		this.clock = clock;
	}

	@GetMapping("/admin/api-tokens")
	String page(@AuthenticationPrincipal AppUser admin, Model model) {
		form(model, "", List.of(), LocalDate.now(clock).plusDays(DEFAULT_LIFETIME_DAYS).toString(), Map.of());
		return view(admin, model, null);
	}

	@PostMapping("/admin/api-tokens")
	String create(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String name,
			@RequestParam(required = false) List<String> roles, @RequestParam(defaultValue = "") String expiresOn,
			Model model, HttpServletRequest request) {
		List<String> chosen = roles == null ? List.of() : roles;
		try {
			LocalDate day = expiresOn.isBlank() ? null : parse(expiresOn);
			ApiTokens.Created created = tokens.create(admin, name.trim(), chosen,
					day == null ? null : day.atStartOfDay(ZoneOffset.UTC).toInstant());
			model.addAttribute("created", created);
			form(model, "", List.of(), LocalDate.now(clock).plusDays(DEFAULT_LIFETIME_DAYS).toString(), Map.of());
		}
		catch (DomainException.InvalidInput e) {
			Map<String, String> errors = new LinkedHashMap<>(e.fieldErrors());
			if (errors.containsKey("expiresAt")) {
				errors.put("expiresOn", errors.remove("expiresAt"));
			}
			form(model, name, chosen, expiresOn, errors);
		}
		catch (DomainException.Conflict e) {
			form(model, name, chosen, expiresOn, Map.of("name", e.getMessage()));
		}
		return view(admin, model, request);
	}

	@PostMapping("/admin/api-tokens/{id}/revoke")
	String revoke(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, Model model, HttpServletRequest request) {
		ApiToken revoked = tokens.revoke(admin, id);
		model.addAttribute("success", "Revoked the API token " + revoked.name() + ".");
		form(model, "", List.of(), LocalDate.now(clock).plusDays(DEFAULT_LIFETIME_DAYS).toString(), Map.of());
		return view(admin, model, request);
	}

	private String view(AppUser admin, Model model, HttpServletRequest request) {
		model.addAttribute("tokens", tokens.list(admin));
		model.addAttribute("allRoles", List.of(Role.values()));
		return request != null && Htmx.isRequest(request) ? "admin/api-tokens :: panel" : "admin/api-tokens";
	}

	private static void form(Model model, String name, List<String> roles, String expiresOn, Map<String, String> errors) {
		model.addAttribute("form", new Form(name, roles, expiresOn));
		model.addAttribute("errors", errors);
	}

	private static LocalDate parse(String day) {
		try {
			return LocalDate.parse(day);
		}
		catch (java.time.format.DateTimeParseException e) {
			throw new DomainException.InvalidInput("expiresAt", "must be a date such as 2030-01-31");
		}
	}

	/** What the form shows again after a refusal. */
	record Form(String name, List<String> roles, String expiresOn) {
	}
}
