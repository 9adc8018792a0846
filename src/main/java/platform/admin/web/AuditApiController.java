package platform.admin.web;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import platform.AdminOnly;
import platform.AppUser;
import platform.AuditVerification;
import platform.admin.AuditChainVerifier;
import platform.admin.AuditExport;
import platform.admin.AuditFilters;
import platform.admin.AuditRetention;
import platform.admin.AuditRetention.Retention;
import platform.admin.AuditTrail;
import platform.security.PlatformAuditRepository.Entry;

/** The tenant's audit trail (role ADMIN): read, filter, export, verify, and its retention. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/audit")
@Tag(name = "Admin: audit", description = """
		The tenant's one audit trail: who changed what, with before/after (directory, definitions, decisions with \
		their comments, delegations, reassignments, dead-letter actions, exports). Append-only for the application \
		and hash-chained per tenant: verify reports the first entry changed behind the application's back.""")
class AuditApiController {

	private final AuditTrail audit;
	private final AuditChainVerifier verifier;
	private final AuditExport export;
	private final AuditRetention retention;

	AuditApiController(AuditTrail audit, AuditChainVerifier verifier, AuditExport export, AuditRetention retention) {
		this.audit = audit;
		this.verifier = verifier;
		this.export = export;
		this.retention = retention;
	}

	@GetMapping
	@Operation(summary = "Newest first, 50 per page (before: the id of the last entry seen); filters compose")
	List<Entry> list(@AuthenticationPrincipal AppUser admin,
			@Parameter(description = "Acted at or after: a date (2030-01-31, UTC midnight) or an instant with offset") @RequestParam(required = false) String from,
			@Parameter(description = "Acted before: a date or an instant with offset") @RequestParam(required = false) String to,
			@Parameter(description = "Who acted (username)") @RequestParam(required = false) String actor,
			@Parameter(description = "The action, or a dotted prefix of it (run matches run.approve)") @RequestParam(required = false) String action,
			@Parameter(description = "What the entry is about: a user, group, definition key, run id or event id") @RequestParam(required = false) String subject,
			@RequestParam(required = false) Long before) {
		return audit.recent(admin.tenantId(), AuditFilters.of(from, to, actor, action, subject), before);
	}

	@GetMapping("/verify")
	@Operation(summary = "Check the tenant's hash chain: intact, or the first broken link (an entry changed, removed or inserted outside the application)")
	AuditVerification verify(@AuthenticationPrincipal AppUser admin) {
		return verifier.verify(admin.tenantId());
	}

	@GetMapping("/export")
	@Operation(summary = "Stream the entries of a range as CSV or NDJSON, oldest first with their chain hashes (any size, constant memory); audited as audit.exported")
	@ApiResponse(responseCode = "200", description = "The entries", content = {
			@Content(mediaType = "text/csv", schema = @Schema(type = "string")),
			@Content(mediaType = "application/x-ndjson", schema = @Schema(type = "string")) })
	void export(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String actor,
			@RequestParam(required = false) String action, @RequestParam(required = false) String subject,
			@Parameter(schema = @Schema(allowableValues = { "csv", "ndjson" })) @RequestParam(defaultValue = "ndjson") String format,
			HttpServletResponse response) throws IOException {
		var filter = AuditFilters.of(from, to, actor, action, subject);
		AuditExport.Format chosen = AuditExport.Format.of(format);
		response.setContentType(chosen.mediaType() + ";charset=UTF-8");
		response.setHeader(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"audit." + chosen.extension() + "\"");
		export.export(admin, filter, chosen, response.getOutputStream());
	}

	/** A retention setting. */
	record RetentionBody(@Schema(description = "Days an entry is kept (30 to 36600)") Integer keepDays) {
	}

	@GetMapping("/retention")
	@Operation(summary = "How many days the tenant keeps its audit entries (default 7 years)")
	Retention retention(@AuthenticationPrincipal AppUser admin) {
		return retention.retention(admin.tenantId());
	}

	@PutMapping("/retention")
	@Operation(summary = "Set how many days the tenant keeps its audit entries; a daily job removes older ones; audited")
	Retention setRetention(@AuthenticationPrincipal AppUser admin, @RequestBody RetentionBody body) {
		return retention.setRetention(admin, body == null ? null : body.keepDays());
	}
}
