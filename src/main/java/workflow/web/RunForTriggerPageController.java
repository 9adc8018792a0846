package workflow.web;

import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AppUser;
import workflow.Runs;

/**
 * Where the employee page's "open run" link leads: HR knows the change that asked for a run (its
 * trigger key), not the run, so this finds the run; until the workflow created it (a moment after
 * the change) the employee's runs list says so.
 */
@Controller
class RunForTriggerPageController {

	private final Runs runs;

	RunForTriggerPageController(Runs runs) {
		this.runs = runs;
	}

	@GetMapping("/runs/for-change")
	String open(@AuthenticationPrincipal AppUser user, @RequestParam String key,
			@RequestParam(required = false) UUID employeeId, RedirectAttributes redirect) {
		return runs.runFor(user.tenantId(), key).map(id -> "redirect:/runs/" + id).orElseGet(() -> {
			redirect.addFlashAttribute("success", "The run is being started; it is listed here in a moment.");
			return employeeId == null ? "redirect:/runs" : "redirect:/runs?employeeId=" + employeeId;
		});
	}
}
