package workflow.web;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

import platform.AppUser;
import platform.Htmx;
import platform.Role;
import workflow.Runs;

/**
 * The nav badges: every console page of an APPROVER gets {@code inboxCount} ("99+" past the cap,
 * absent at zero), of HR {@code hrWorkCount} (HR's queue, the same way), of an ADMIN {@code attentionCount} (the directory effects
 * that failed for good, on Needs attention), all from {@link NavBadges}.
 * Skipped for the JSON API and HTMX partials, which render no nav.
 */
@ControllerAdvice
class InboxCountAdvice {

	private final NavBadges badges;

	InboxCountAdvice(NavBadges badges) {
		this.badges = badges;
	}

	@ModelAttribute("inboxCount")
	String inboxCount(HttpServletRequest request) {
		AppUser user = consoleUser(request, Role.APPROVER);
		if (user == null) {
			return null;
		}
		return badge(badges.inbox(user));
	}

	@ModelAttribute("hrWorkCount")
	String hrWorkCount(HttpServletRequest request) {
		AppUser user = consoleUser(request, Role.HR);
		return user == null ? null : badge(badges.hrWork(user.tenantId()));
	}

	@ModelAttribute("attentionCount")
	String attentionCount(HttpServletRequest request) {
		AppUser user = consoleUser(request, Role.ADMIN);
		return user == null ? null : badge(badges.failedEffects(user.tenantId()));
	}

	/** A capped count as the badge shows it: absent at zero, "99+" at the cap. */
	static String badge(int count) {
		if (count == 0) {
			return null;
		}
		return count >= Runs.INBOX_COUNT_CAP ? (Runs.INBOX_COUNT_CAP - 1) + "+" : String.valueOf(count);
	}

	/** The signed-in user of a console page (not the API, not a partial) when they hold {@code role}. */
	private static AppUser consoleUser(HttpServletRequest request, Role role) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof AppUser user) || !user.hasRole(role)
				|| request.getRequestURI().startsWith("/v1/") || Htmx.isRequest(request)) {
			return null;
		}
		return user;
	}
}
