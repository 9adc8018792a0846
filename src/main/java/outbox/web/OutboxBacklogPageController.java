package outbox.web;

import java.time.Clock;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import outbox.admin.BacklogService;
import platform.AdminOnly;
import platform.AppUser;
import platform.Htmx;

/**
 * The live backlog page. The panel is a fragment of the same template: HTMX re-fetches it every
 * 5 s while the tab is visible ({@code HX-Request} answers with the fragment only).
 */
@Controller
@AdminOnly
class OutboxBacklogPageController {

	private final BacklogService backlog;
	private final Clock clock;

	OutboxBacklogPageController(BacklogService backlog, Clock clock) {
		this.backlog = backlog;
		this.clock = clock;
	}

	@GetMapping("/admin/outbox")
	String backlog(@AuthenticationPrincipal AppUser user, Model model, HttpServletRequest request) {
		model.addAttribute("backlog", backlog.backlog(user.tenantId()));
		model.addAttribute("refreshedAt", clock.instant());
		return Htmx.isRequest(request) ? "outbox/backlog :: panel" : "outbox/backlog";
	}
}
