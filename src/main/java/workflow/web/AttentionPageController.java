package workflow.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AdminOnly;
import platform.AppUser;
import workflow.Runs;

/**
 * The admin's needs-attention page: runs that need attention or repair, runs that failed to
 * start, undeliverable decisions and stages blocked for lack of approvers (why, since when).
 */
@Controller
@AdminOnly
class AttentionPageController {

	private final Runs runs;

	AttentionPageController(Runs runs) {
		this.runs = runs;
	}

	@GetMapping("/admin/attention")
	String attention(@AuthenticationPrincipal AppUser user, Model model) {
		model.addAttribute("overview", runs.attention(user.tenantId()));
		return "workflow/attention";
	}
}
