package platform.admin.web;

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

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.Htmx;
import platform.admin.AuditTrail;
import platform.admin.DirectoryAdministration;

/**
 * The admin's groups pages: the list with a create form, and a group's page with its members
 * (added and removed with HTMX, the member panel re-rendered) and a rename form.
 */
@Controller
@AdminOnly
@RequestMapping("/admin/groups")
class GroupAdminPageController {

	private static final java.util.regex.Pattern GROUP = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9_-]{0,62}");

	private final DirectoryAdministration administration;
	private final AuditTrail audit;

	GroupAdminPageController(DirectoryAdministration administration, AuditTrail audit) {
		this.administration = administration;
		this.audit = audit;
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser admin, Model model) {
		model.addAttribute("groups", administration.groups(admin.tenantId()));
		return "admin/groups";
	}

	@PostMapping
	String create(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String name,
			RedirectAttributes redirect) {
		String group = name.strip();
		if (!GROUP.matcher(group).matches()) {
			redirect.addFlashAttribute("error", "No group was created: a name is 1-63 lower-case letters, digits, '_' or '-'.");
			return "redirect:/admin/groups";
		}
		try {
			administration.createGroup(admin, group);
			redirect.addFlashAttribute("success", "Group " + group + " was created.");
			return "redirect:/admin/groups/" + group;
		}
		catch (DomainException.Conflict e) {
			redirect.addFlashAttribute("error", "No group was created: " + e.getMessage());
			return "redirect:/admin/groups";
		}
	}

	@GetMapping("/{name}")
	String show(@AuthenticationPrincipal AppUser admin, @PathVariable String name, Model model) {
		model.addAttribute("group", administration.group(admin.tenantId(), name));
		model.addAttribute("users", administration.users(admin.tenantId(), null, null, 100).users());
		model.addAttribute("trail", audit.recent(admin.tenantId(), name, null));
		return "admin/group";
	}

	@PostMapping("/{name}/rename")
	String rename(@AuthenticationPrincipal AppUser admin, @PathVariable String name,
			@RequestParam(defaultValue = "") String newName, RedirectAttributes redirect) {
		String target = newName.strip();
		if (!GROUP.matcher(target).matches()) {
			redirect.addFlashAttribute("error", "Not renamed: a name is 1-63 lower-case letters, digits, '_' or '-'.");
			return "redirect:/admin/groups/" + name;
		}
		try {
			administration.renameGroup(admin, name, target);
			redirect.addFlashAttribute("success", "Group " + name + " is now " + target + ".");
			return "redirect:/admin/groups/" + target;
		}
		catch (DomainException.Conflict e) {
			redirect.addFlashAttribute("error", "Not renamed: " + e.getMessage());
			return "redirect:/admin/groups/" + name;
		}
	}

	@PostMapping("/{name}/members")
	String addMember(@AuthenticationPrincipal AppUser admin, @PathVariable String name,
			@RequestParam(defaultValue = "") String username, HttpServletRequest request, Model model) {
		administration.addMember(admin, name, username);
		return members(admin, name, request, model);
	}

	@PostMapping("/{name}/members/{username}/remove")
	String removeMember(@AuthenticationPrincipal AppUser admin, @PathVariable String name, @PathVariable String username,
			HttpServletRequest request, Model model) {
		administration.removeMember(admin, name, username);
		return members(admin, name, request, model);
	}

	private String members(AppUser admin, String name, HttpServletRequest request, Model model) {
		if (!Htmx.isRequest(request)) {
			return "redirect:/admin/groups/" + name;
		}
		model.addAttribute("group", administration.group(admin.tenantId(), name));
		model.addAttribute("users", administration.users(admin.tenantId(), null, null, 100).users());
		return "admin/group :: members";
	}
}
