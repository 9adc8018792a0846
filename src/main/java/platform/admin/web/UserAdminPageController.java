package platform.admin.web;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import jakarta.validation.Validator;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.Htmx;
import platform.Role;
import platform.admin.AuditTrail;
import platform.admin.DirectoryAdministration;
import platform.admin.DirectoryCommands.NewUser;
import platform.admin.DirectoryCommands.UserChanges;

/**
 * The admin's users pages: a searchable list (HTMX), a new-user form, and a user's page with
 * their roles, password reset, disable/enable, open assignments and audit trail. Refusals render
 * inline (form errors) or as a flash; nothing is written then.
 */
@Controller
@AdminOnly
@RequestMapping("/admin/users")
class UserAdminPageController {

	private final DirectoryAdministration administration;
	private final AuditTrail audit;
	private final Validator validator;

	UserAdminPageController(DirectoryAdministration administration, AuditTrail audit, Validator validator) {
		this.administration = administration;
		this.audit = audit;
		this.validator = validator;
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String q,
			@RequestParam(required = false) String cursor, HttpServletRequest request, Model model) {
		fill(admin, q, cursor, model);
		return Htmx.isRequest(request) ? "admin/users :: results" : "admin/users";
	}

	private void fill(AppUser admin, String q, String cursor, Model model) {
		model.addAttribute("page", administration.users(admin.tenantId(), q, cursor, DirectoryAdministration.DEFAULT_LIMIT));
		model.addAttribute("q", q);
		model.addAttribute("roles", Role.values());
	}

	@PostMapping
	String create(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String username,
			@RequestParam(defaultValue = "") String displayName, @RequestParam(defaultValue = "") String email,
			@RequestParam(required = false) List<String> roles, @RequestParam(defaultValue = "") String password,
			RedirectAttributes redirect, Model model) {
		NewUser user = new NewUser(username.strip(), displayName, email, roles == null ? List.of() : roles, password);
		java.util.Map<String, String> errors = new java.util.LinkedHashMap<>();
		validator.validate(user).forEach(v -> errors.putIfAbsent(v.getPropertyPath().toString(), v.getMessage()));
		if (errors.isEmpty()) {
			try {
				administration.create(admin, user);
				redirect.addFlashAttribute("success", "User " + user.username() + " was created.");
				return "redirect:/admin/users/" + user.username();
			}
			catch (DomainException.InvalidInput e) {
				errors.putAll(e.fieldErrors());
			}
			catch (DomainException.Conflict e) {
				errors.put(e.getMessage().contains("email") ? "email" : "username", e.getMessage());
			}
		}
		model.addAttribute("errors", errors);
		model.addAttribute("form", user);
		fill(admin, null, null, model);
		return "admin/users";
	}

	@GetMapping("/{username}")
	String show(@AuthenticationPrincipal AppUser admin, @PathVariable String username, Model model) {
		model.addAttribute("account", administration.user(admin.tenantId(), username));
		model.addAttribute("roles", Role.values());
		model.addAttribute("groups", administration.groups(admin.tenantId()));
		model.addAttribute("trail", audit.recent(admin.tenantId(), username, null));
		return "admin/user";
	}

	@PostMapping("/{username}")
	String update(@AuthenticationPrincipal AppUser admin, @PathVariable String username,
			@RequestParam(required = false) String displayName, @RequestParam(required = false) String email,
			@RequestParam(required = false) List<String> roles, RedirectAttributes redirect) {
		UserChanges changes = new UserChanges(displayName, email, roles == null ? List.of() : roles, null);
		// the limits of the API (an email of at most 254 characters...), checked before anything is written
		List<String> invalid = validator.validate(changes).stream()
			.map(violation -> violation.getPropertyPath() + " " + violation.getMessage())
			.sorted()
			.toList();
		if (!invalid.isEmpty()) {
			redirect.addFlashAttribute("error", "Nothing was changed: " + String.join("; ", invalid));
			return "redirect:/admin/users/" + username;
		}
		return act(redirect, username, "Changes to " + username + " were saved.",
				() -> administration.update(admin, username, changes));
	}

	@PostMapping("/{username}/password")
	String resetPassword(@AuthenticationPrincipal AppUser admin, @PathVariable String username,
			@RequestParam(defaultValue = "") String password, RedirectAttributes redirect) {
		UserChanges changes = new UserChanges(null, null, null, password);
		if (!validator.validate(changes).isEmpty() || password.isEmpty()) {
			redirect.addFlashAttribute("error", "The password was not changed: it must be 12 to 72 characters (at most 72 bytes in UTF-8).");
			return "redirect:/admin/users/" + username;
		}
		return act(redirect, username, "The password of " + username + " was reset.",
				() -> administration.update(admin, username, changes));
	}

	/** Before disabling: which open stages nobody else could decide. */
	@GetMapping("/{username}/disable")
	String confirmDisable(@AuthenticationPrincipal AppUser admin, @PathVariable String username, Model model) {
		model.addAttribute("account", administration.user(admin.tenantId(), username));
		model.addAttribute("stranded", administration.strandedBy(admin.tenantId(), username));
		return "admin/user-disable";
	}

	@PostMapping("/{username}/disable")
	String disable(@AuthenticationPrincipal AppUser admin, @PathVariable String username, RedirectAttributes redirect) {
		return act(redirect, username, username + " is disabled: they cannot sign in and approve no more.",
				() -> administration.setEnabled(admin, username, false));
	}

	@PostMapping("/{username}/enable")
	String enable(@AuthenticationPrincipal AppUser admin, @PathVariable String username, RedirectAttributes redirect) {
		return act(redirect, username, username + " is enabled again.", () -> administration.setEnabled(admin, username, true));
	}

	private static String act(RedirectAttributes redirect, String username, String success, Runnable action) {
		try {
			action.run();
			redirect.addFlashAttribute("success", success);
		}
		catch (DomainException.Conflict | DomainException.InvalidInput e) {
			redirect.addFlashAttribute("error", "Nothing was changed: " + (e.fieldErrors().isEmpty() ? e.getMessage()
					: String.join("; ", e.fieldErrors().entrySet().stream().map(x -> x.getKey() + " " + x.getValue()).toList())));
		}
		return "redirect:/admin/users/" + username;
	}
}
