package platform.tenancy;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.validation.Validator;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AppUser;
import platform.DomainException;
import platform.OperatorOnly;
import platform.tenancy.TenantCommands.FirstAdmin;
import platform.tenancy.TenantCommands.NewTenant;
import platform.tenancy.TenantLifecycle.CreatedTenant;

/**
 * The operators' tenants page: the list with suspend, resume, export and delete, and the form that
 * creates a tenant with its first admin, whose generated password the next page shows once. Refusals
 * are shown inline (form errors) or as a flash; nothing is written then.
 */
@Controller
@RequestMapping("/platform/tenants")
@OperatorOnly
class TenantPageController {

	private static final String TEMPLATE = "platform/tenants";
	private static final String BACK = "redirect:/platform/tenants";

	/** The create form as typed. */
	record TenantForm(String id, String name, String adminUsername, String adminEmail, String retentionDays) {
	}

	private final TenantLifecycle lifecycle;
	private final TenantDataExport export;
	private final Validator validator;
	private final Clock clock;

	TenantPageController(TenantLifecycle lifecycle, TenantDataExport export, Validator validator, Clock clock) {
		this.lifecycle = lifecycle;
		this.export = export;
		this.validator = validator;
		this.clock = clock;
	}

	@GetMapping
	String page(Model model) {
		fill(model);
		return TEMPLATE;
	}

	@PostMapping
	String create(@AuthenticationPrincipal AppUser operator, @RequestParam(defaultValue = "") String id,
			@RequestParam(defaultValue = "") String name, @RequestParam(defaultValue = "") String adminUsername,
			@RequestParam(defaultValue = "") String adminEmail, @RequestParam(defaultValue = "") String retentionDays,
			RedirectAttributes redirect, Model model) {
		TenantForm form = new TenantForm(id.strip(), name, adminUsername.strip(), adminEmail.strip(), retentionDays.strip());
		Map<String, String> errors = new LinkedHashMap<>();
		Integer retention = null;
		if (!form.retentionDays().isEmpty()) {
			try {
				retention = Integer.valueOf(form.retentionDays());
			}
			catch (NumberFormatException e) {
				errors.put("retentionDays", "must be a whole number of days");
			}
		}
		NewTenant tenant = new NewTenant(form.id(), form.name(), new FirstAdmin(form.adminUsername(), form.adminEmail()), retention);
		validator.validate(tenant).forEach(v -> errors.putIfAbsent(field(v.getPropertyPath().toString()), v.getMessage()));
		if (errors.isEmpty()) {
			try {
				CreatedTenant created = lifecycle.create(operator, tenant);
				// shown once, on the page after the redirect; plain strings, as the session may be persisted
				redirect.addFlashAttribute("createdTenant", created.tenant().id());
				redirect.addFlashAttribute("createdAdmin", created.admin().username());
				redirect.addFlashAttribute("createdPassword", created.password());
				return BACK;
			}
			catch (DomainException.Conflict e) {
				errors.put(e.getMessage().contains("email") ? "adminEmail" : e.getMessage().contains("user") ? "adminUsername" : "id",
						e.getMessage());
			}
			catch (DomainException.InvalidInput e) {
				e.fieldErrors().forEach((field, message) -> errors.put(field(field), message));
			}
		}
		model.addAttribute("errors", errors);
		model.addAttribute("form", form);
		fill(model);
		return TEMPLATE;
	}

	@PostMapping("/{id}/suspend")
	String suspend(@AuthenticationPrincipal AppUser operator, @PathVariable String id,
			@RequestParam(required = false) String reason, RedirectAttributes redirect) {
		return act(redirect, "Tenant " + id + " is suspended: its users cannot sign in and its background work waits.",
				() -> lifecycle.suspend(operator, id, reason));
	}

	@PostMapping("/{id}/resume")
	String resume(@AuthenticationPrincipal AppUser operator, @PathVariable String id, RedirectAttributes redirect) {
		return act(redirect, "Tenant " + id + " is active again.", () -> lifecycle.resume(operator, id));
	}

	@PostMapping("/{id}/delete")
	String delete(@AuthenticationPrincipal AppUser operator, @PathVariable String id, RedirectAttributes redirect) {
		return act(redirect, "Tenant " + id + " and all its data were deleted.", () -> lifecycle.delete(operator, id));
	}

	@GetMapping("/{id}/export")
	ResponseEntity<StreamingResponseBody> export(@AuthenticationPrincipal AppUser operator, @PathVariable String id) {
		lifecycle.exporting(operator, id);
		return TenantArchives.response(id, clock, out -> export.write(id, out));
	}

	private void fill(Model model) {
		model.addAttribute("tenants", lifecycle.list());
	}

	private static String act(RedirectAttributes redirect, String success, Runnable action) {
		try {
			action.run();
			redirect.addFlashAttribute("success", success);
		}
		catch (DomainException.Conflict | DomainException.NotFound e) {
			redirect.addFlashAttribute("error", "Nothing was changed: " + e.getMessage());
		}
		return BACK;
	}

	/** The form's field for a property of the request. */
	private static String field(String property) {
		return switch (property) {
			case "admin.username", "username" -> "adminUsername";
			case "admin.email", "email" -> "adminEmail";
			case "personalDataRetentionDays" -> "retentionDays";
			default -> property;
		};
	}
}
