package platform.admin.web;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.admin.AuditChainVerifier;
import platform.admin.AuditExport;
import platform.admin.AuditFilters;
import platform.admin.AuditTrail;
import platform.security.PlatformAuditRepository.Filter;

/**
 * The tenant's audit trail in the console: newest first, filtered by time range, actor, action and
 * subject, 50 per page; the range as a CSV or NDJSON download; a check of the hash chain.
 */
@Controller
@AdminOnly
@RequestMapping("/admin/audit")
class AuditPageController {

	private final AuditTrail audit;
	private final AuditChainVerifier verifier;
	private final AuditExport export;

	AuditPageController(AuditTrail audit, AuditChainVerifier verifier, AuditExport export) {
		this.audit = audit;
		this.verifier = verifier;
		this.export = export;
	}

	/** The range as a download, like {@code GET /v1/admin/audit/export} (audited). */
	@GetMapping("/export")
	void export(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String actor,
			@RequestParam(required = false) String action, @RequestParam(required = false) String subject,
			@RequestParam(defaultValue = "csv") String format, HttpServletResponse response) throws IOException {
		Filter filter = AuditFilters.of(from, to, actor, action, subject);
		AuditExport.Format chosen = AuditExport.Format.of(format);
		response.setContentType(chosen.mediaType() + ";charset=UTF-8");
		response.setHeader(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"audit." + chosen.extension() + "\"");
		export.export(admin, filter, chosen, response.getOutputStream());
	}

	/** The trail with the result of a chain check on top. */
	@GetMapping("/verify")
	String verify(@AuthenticationPrincipal AppUser admin, Model model) {
		model.addAttribute("verification", verifier.verify(admin.tenantId()));
		return list(admin, null, null, null, null, null, null, model);
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String actor,
			@RequestParam(required = false) String action, @RequestParam(required = false) String subject,
			@RequestParam(required = false) Long before, Model model) {
		model.addAttribute("from", from);
		model.addAttribute("to", to);
		model.addAttribute("actor", actor);
		model.addAttribute("action", action);
		model.addAttribute("subject", subject);
		Filter filter;
		try {
			filter = AuditFilters.of(from, to, actor, action, subject);
		}
		catch (DomainException.InvalidInput e) {
			model.addAttribute("errors", e.fieldErrors());
			model.addAttribute("entries", List.of());
			model.addAttribute("next", null);
			return "admin/audit";
		}
		var entries = audit.recent(admin.tenantId(), filter, before);
		model.addAttribute("errors", Map.of());
		model.addAttribute("entries", entries);
		model.addAttribute("next", entries.size() == AuditTrail.PAGE_SIZE ? entries.get(entries.size() - 1).id() : null);
		return "admin/audit";
	}
}
