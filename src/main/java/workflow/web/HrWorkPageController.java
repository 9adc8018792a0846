package workflow.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AppUser;
import platform.HrOnly;
import workflow.Runs;

/**
 * HR's queue ("My work" for HR): the runs that wait for HR (returned, blocked for lack of
 * approvers, failed to start), longest waiting first, each linking to the run where HR acts.
 */
@Controller
class HrWorkPageController {

	static final int QUEUE_LIMIT = 200;

	private final Runs runs;

	HrWorkPageController(Runs runs) {
		this.runs = runs;
	}

	@GetMapping("/work")
	@HrOnly
	String work(@AuthenticationPrincipal AppUser user, Model model) {
		var items = runs.hrWork(user.tenantId(), QUEUE_LIMIT);
		model.addAttribute("items", items);
		model.addAttribute("names", runs.displayNames(user.tenantId(),
				items.stream().map(item -> item.by()).filter(by -> by != null).toList()));
		return "workflow/work";
	}
}
