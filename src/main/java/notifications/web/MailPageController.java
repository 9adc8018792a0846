package notifications.web;

import java.util.UUID;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

import jakarta.servlet.http.HttpServletResponse;
import notifications.NotificationStatus;
import notifications.delivery.MailTransport;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.LowerCaseName;
import platform.Page;
import notifications.store.Notification;
import notifications.store.NotificationFilter;

/**
 * Mail: the tenant's notifications, newest first, filterable by status (or one notification by
 * {@code id}, as the run page links it), with whom, what, how it
 * went (attempts, last error, sent at) and a retry for failed ones. Actions redirect back with a
 * flash message (post/redirect/get).
 */
@Controller
@AdminOnly
class MailPageController {

	private final MailLog log;
	private final MailTransport transport;

	MailPageController(MailLog log, MailTransport transport) {
		this.log = log;
		this.transport = transport;
	}

	@GetMapping("/admin/mail")
	String list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String id, @RequestParam(required = false) String cursor, Model model,
			HttpServletResponse response) {
		model.addAttribute("statuses", LowerCaseName.values(NotificationStatus.class));
		model.addAttribute("status", status);
		model.addAttribute("id", id);
		model.addAttribute("server", transport.server());
		try {
			NotificationFilter filter = NotificationFilters.of(null, null, status, null, null, id);
			Page<Notification> page = log.list(user.tenantId(), filter, cursor, NotificationFilters.DEFAULT_LIMIT);
			model.addAttribute("page", new Page<>(page.items().stream().map(MailRow::of).toList(), page.nextCursor()));
		}
		catch (DomainException.InvalidInput e) {
			response.setStatus(HttpStatus.BAD_REQUEST.value());
			model.addAttribute("error", "The filter is not valid: " + String.join(", ", e.fieldErrors().keySet()) + ".");
		}
		return "notifications/mail";
	}

	@PostMapping("/admin/mail/{id}/retry")
	String retry(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) String status, RedirectAttributes flash) {
		try {
			log.retry(user.tenantId(), id);
			flash.addFlashAttribute("success", "Retry queued: the mail is sent in the background, or comes back here as "
					+ "failed if sending fails again.");
		}
		catch (DomainException.Conflict e) {
			flash.addFlashAttribute("error", "Nothing changed: " + e.getMessage() + " (any more).");
		}
		return "redirect:" + UriComponentsBuilder.fromPath("/admin/mail")
			.queryParamIfPresent("status", java.util.Optional.ofNullable(status).filter(s -> !s.isBlank()))
			.encode()
			.build()
			.toUriString();
	}
}
