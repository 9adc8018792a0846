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
 * The nav badge: every console page of an APPROVER gets {@code inboxCount}. Skipped for the JSON
 * API and HTMX partials, which render no nav.
 */
@ControllerAdvice
class InboxCountAdvice {

	private final Runs runs;

	InboxCountAdvice(Runs runs) {
		this.runs = runs;
	}

	@ModelAttribute("inboxCount")
	Integer inboxCount(HttpServletRequest request) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof AppUser user)
				|| !user.hasRole(Role.APPROVER) || request.getRequestURI().startsWith("/v1/")
				|| Htmx.isRequest(request)) {
			return null;
		}
		return runs.inboxCount(user);
	}
}
