package hr.web;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import hr.HrTriggers;
import hr.TriggerSettings;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.ExpectedVersion;

/** The tenant ADMIN's "HR triggers" page: which changes and dates start a run (docs/hr.md, "Triggers"). */
@Controller
@AdminOnly
class TriggerAdminPageController {

	private final TriggerSettings settings;

	TriggerAdminPageController(TriggerSettings settings) {
		this.settings = settings;
	}

	@GetMapping("/admin/hr/triggers")
	String page(@AuthenticationPrincipal AppUser admin, Model model) {
		HrTriggers triggers = settings.get(admin.tenantId());
		return form(model, triggers, offsets(triggers), Map.of());
	}

	@PostMapping("/admin/hr/triggers")
	String save(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "false") boolean moverOnChange,
			@RequestParam(defaultValue = "false") boolean leaverOnLastDay,
			@RequestParam(defaultValue = "false") boolean joinerOnRehire,
			@RequestParam(defaultValue = "") String joinerDaysBeforeStart,
			@RequestParam(defaultValue = "") String leaverDaysBeforeLastDay,
			@RequestParam(defaultValue = "") String postOffboardingDaysAfter, @RequestParam int version, Model model,
			RedirectAttributes redirect) {
		Map<String, String> typed = new LinkedHashMap<>();
		typed.put("joinerDaysBeforeStart", joinerDaysBeforeStart);
		typed.put("leaverDaysBeforeLastDay", leaverDaysBeforeLastDay);
		typed.put("postOffboardingDaysAfter", postOffboardingDaysAfter);
		Map<String, String> errors = new LinkedHashMap<>();
		Map<String, Integer> days = new LinkedHashMap<>();
		typed.forEach((field, text) -> {
			if (text.isBlank()) {
				days.put(field, null);
				return;
			}
			try {
				days.put(field, Integer.valueOf(text.strip()));
			}
			catch (NumberFormatException e) {
				errors.put(field, "must be a whole number of days, or empty for off");
			}
		});
		HrTriggers wanted = new HrTriggers(moverOnChange, leaverOnLastDay, joinerOnRehire,
				days.get("joinerDaysBeforeStart"), days.get("leaverDaysBeforeLastDay"),
				days.get("postOffboardingDaysAfter"), version);
		if (errors.isEmpty()) {
			try {
				settings.save(admin.tenantId(), admin.getUsername(), wanted, ExpectedVersion.fromForm(version));
				redirect.addFlashAttribute("success", "The HR triggers are saved.");
				return "redirect:/admin/hr/triggers";
			}
			catch (DomainException.InvalidInput e) {
				errors.putAll(e.fieldErrors());
			}
			catch (DomainException.Conflict e) {
				model.addAttribute("error", e.getMessage());
			}
		}
		return form(model, wanted, typed, errors);
	}

	private static String form(Model model, HrTriggers triggers, Map<String, String> offsets, Map<String, String> errors) {
		model.addAttribute("triggers", triggers);
		model.addAttribute("offsets", offsets);
		model.addAttribute("errors", errors);
		return "hr/triggers";
	}

	private static Map<String, String> offsets(HrTriggers triggers) {
		Map<String, String> offsets = new LinkedHashMap<>();
		offsets.put("joinerDaysBeforeStart", text(triggers.joinerDaysBeforeStart()));
		offsets.put("leaverDaysBeforeLastDay", text(triggers.leaverDaysBeforeLastDay()));
		offsets.put("postOffboardingDaysAfter", text(triggers.postOffboardingDaysAfter()));
		return offsets;
	}

	private static String text(Integer days) {
		return days == null ? "" : days.toString();
	}
}
