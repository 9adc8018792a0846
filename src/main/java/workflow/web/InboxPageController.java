package workflow.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import platform.AppUser;
import platform.ApproverOnly;
import workflow.Runs;

/** The approver inbox: active stages waiting for my decision, oldest first. */
@Controller
class InboxPageController {

	static final int INBOX_LIMIT = 200;

	private final Runs runs;

	InboxPageController(Runs runs) {
		this.runs = runs;
	}

	@GetMapping("/inbox")
	@ApproverOnly
	String inbox(@AuthenticationPrincipal AppUser user, Model model) {
		model.addAttribute("items", runs.inbox(user, INBOX_LIMIT));
		return "workflow/inbox";
	}
}
