package outbox.web;

import java.time.OffsetDateTime;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;

import outbox.admin.BacklogService;
import platform.AppUser;
import platform.AdminOnly;

/**
 * The live backlog page. The panel is a fragment of the same template: HTMX re-fetches it every
 * 5 s while the tab is visible ({@code HX-Request} answers with the fragment only).
 */
@Controller
@AdminOnly
class OutboxBacklogPage {

	private final BacklogService backlog;

	OutboxBacklogPage(BacklogService backlog) {
		this.backlog = backlog;
	}

	@GetMapping("/admin/outbox")
	String backlog(@AuthenticationPrincipal AppUser user, Model model,
			@RequestHeader(name = "HX-Request", required = false) String htmx) {
		model.addAttribute("backlog", backlog.backlog(user.tenantId()));
		model.addAttribute("refreshedAt", OffsetDateTime.now());
		return htmx == null ? "outbox/backlog" : "outbox/backlog :: panel";
	}
}
