package notifications.web;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import notifications.store.Notification;
import platform.AdminOnly;
import platform.AppUser;
import platform.Page;

/** The tenant's notifications (role ADMIN), as the Mail page lists them, with filters. */
@RestController
@AdminOnly
@RequestMapping("/v1/admin/notifications")
@Tag(name = "Admin: notifications", description = """
		The mail the tenant's events caused: one notification per (event, recipient, kind), with its subject, \
		status (pending, sending, sent, failed, not_configured, skipped), attempts, last error and when it was sent.""")
class NotificationAdminApiController {

	private final MailLog log;

	NotificationAdminApiController(MailLog log) {
		this.log = log;
	}

	@GetMapping
	@Operation(summary = "Newest first, paged (cursor: nextCursor of the previous page); filters compose; 400 for a bad filter")
	Page<Notification> list(@AuthenticationPrincipal AppUser admin,
			@Parameter(description = "The recipient's username") @RequestParam(required = false) String recipient,
			@Parameter(description = "stage_assigned, run_completed, run_rejected, run_returned, run_start_failed, "
					+ "run_needs_attention, effect_failed, access_ending or stage_notified") @RequestParam(required = false) String kind,
			@Parameter(description = "pending, sending, sent, failed, not_configured or skipped") @RequestParam(required = false) String status,
			@Parameter(description = "Created at or after: a date (2030-01-31, UTC midnight) or an instant with offset") @RequestParam(required = false) String from,
			@Parameter(description = "Created before: a date or an instant with offset") @RequestParam(required = false) String to,
			@Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor,
			@Parameter(description = "page size, 1 to 200 (default 50)") @RequestParam(required = false) Integer limit) {
		return log.list(admin.tenantId(), NotificationFilters.of(recipient, kind, status, from, to, null), cursor,
				NotificationFilters.limit(limit));
	}
}
