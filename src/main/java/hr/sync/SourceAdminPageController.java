package hr.sync;

import java.util.LinkedHashMap;
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

import hr.imports.SyncImports;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.ExpectedVersion;

/**
 * The tenant ADMIN's "HR source" page: the source's settings, its cursor, "Sync now", and its last
 * pulls with their counts, a held one with its confirmation (docs/hr-import.md, "Source sync").
 */
@Controller
@AdminOnly
class SourceAdminPageController {

	static final int RUNS_SHOWN = 20;

	private final SourceSettings settings;
	private final SyncImports imports;

	SourceAdminPageController(SourceSettings settings, SyncImports imports) {
		this.settings = settings;
		this.imports = imports;
	}

	@GetMapping("/admin/hr/source")
	String page(@AuthenticationPrincipal AppUser admin, Model model) {
		HrSource source = settings.get(admin.tenantId());
		return form(admin, model, source, source.everyMinutes() == null ? "60" : source.everyMinutes().toString(), Map.of());
	}

	@PostMapping("/admin/hr/source")
	String save(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String url,
			@RequestParam(defaultValue = "csv") String format, @RequestParam(defaultValue = "none") String auth,
			@RequestParam(defaultValue = "") String username, @RequestParam(defaultValue = "") String secret,
			@RequestParam(defaultValue = "") String everyMinutes,
			@RequestParam(defaultValue = "false") boolean offboardMissing,
			@RequestParam(defaultValue = "false") boolean enabled, @RequestParam int version, Model model,
			RedirectAttributes redirect) {
		Map<String, String> errors = new LinkedHashMap<>();
		Integer minutes = null;
		try {
			minutes = Integer.valueOf(everyMinutes.strip());
		}
		catch (NumberFormatException e) {
			errors.put("everyMinutes", "must be a whole number of minutes");
		}
		SourceChange change = new SourceChange(url, format, auth, username, secret, minutes, offboardMissing, enabled,
				version);
		HrSource current = settings.get(admin.tenantId());
		HrSource shown = new HrSource(url, format, auth, username, current.secretSet(), minutes, offboardMissing, enabled,
				version, current.nextDueAt(), current.etag(), current.lastModified(), current.failures());
		if (errors.isEmpty()) {
			try {
				settings.save(admin.tenantId(), admin.getUsername(), change, ExpectedVersion.fromForm(version));
				redirect.addFlashAttribute("success", "The HR source is saved." + (enabled ? " It is pulled shortly." : ""));
				return "redirect:/admin/hr/source";
			}
			catch (DomainException.InvalidInput e) {
				errors.putAll(e.fieldErrors());
			}
			catch (DomainException.Conflict e) {
				model.addAttribute("error", e.getMessage());
			}
		}
		return form(admin, model, shown, everyMinutes, errors);
	}

	@PostMapping("/admin/hr/source/sync")
	String syncNow(@AuthenticationPrincipal AppUser admin, RedirectAttributes redirect) {
		try {
			settings.syncNow(admin.tenantId(), admin.getUsername());
			redirect.addFlashAttribute("success", "The source is due: it is pulled within a minute.");
		}
		catch (DomainException.NotFound | DomainException.Conflict e) {
			redirect.addFlashAttribute("error", e.getMessage());
		}
		return "redirect:/admin/hr/source";
	}

	@PostMapping("/admin/hr/source/imports/{id}/confirm")
	String confirm(@AuthenticationPrincipal AppUser admin, @PathVariable UUID id, RedirectAttributes redirect) {
		try {
			imports.confirm(admin.tenantId(), admin.getUsername(), id);
			redirect.addFlashAttribute("success", "Confirmed: the import is being applied.");
		}
		catch (DomainException.NotFound | DomainException.Conflict e) {
			redirect.addFlashAttribute("error", e.getMessage());
		}
		return "redirect:/admin/hr/source";
	}

	private String form(AppUser admin, Model model, HrSource source, String everyMinutes, Map<String, String> errors) {
		model.addAttribute("source", source);
		model.addAttribute("everyMinutes", everyMinutes);
		model.addAttribute("errors", errors);
		model.addAttribute("runs", settings.runs(admin.tenantId(), RUNS_SHOWN));
		return "hr/source";
	}
}
