package platform.admin.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AdminOnly;
import platform.AppUser;
import platform.admin.AuditTrail;

/** The tenant's audit trail in the console: newest first, filtered by subject, 50 per page. */
@Controller
@AdminOnly
@RequestMapping("/admin/audit")
class AuditPageController {

	private final AuditTrail audit;

	AuditPageController(AuditTrail audit) {
		this.audit = audit;
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String subject,
			@RequestParam(required = false) Long before, Model model) {
		var entries = audit.recent(admin.tenantId(), subject, before);
		model.addAttribute("entries", entries);
		model.addAttribute("subject", subject);
		model.addAttribute("next", entries.size() == AuditTrail.PAGE_SIZE ? entries.get(entries.size() - 1).id() : null);
		return "admin/audit";
	}
}
