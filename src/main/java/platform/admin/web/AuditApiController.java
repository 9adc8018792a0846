package platform.admin.web;

import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.admin.AuditTrail;
import platform.security.PlatformAuditRepository.Entry;

/** The tenant's audit trail (role ADMIN). */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/audit")
@Tag(name = "Admin: audit", description = "Who changed what in the tenant, with before/after")
class AuditApiController {

	private final AuditTrail audit;

	AuditApiController(AuditTrail audit) {
		this.audit = audit;
	}

	@GetMapping
	@Operation(summary = "Newest first, 50 per page (before: the id of the last entry seen); subject: a user, group or definition")
	List<Entry> list(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String subject,
			@RequestParam(required = false) Long before) {
		return audit.recent(admin.tenantId(), subject, before);
	}
}
