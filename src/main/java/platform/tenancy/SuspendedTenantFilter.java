package platform.tenancy;

import java.io.IOException;
import java.net.URI;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import platform.AppUser;
import platform.TenantSuspensions;
import platform.web.ProblemResponses;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refuses every signed-in request of a suspended tenant, whatever signed it in (password, HTTP
 * Basic, API token, single sign-on, a session from before the suspension): the API answers 403
 * {@code tenant-suspended}, the console ends the session and shows the sign-in page with the reason.
 * Runs right after Spring Security's chain, which has put the user in the context.
 */
final class SuspendedTenantFilter extends OncePerRequestFilter {

	static final URI PROBLEM = URI.create("https://jmlhub.dev/problems/tenant-suspended");
	static final String MESSAGE = "Your organisation is suspended by the platform operator: sign-ins and API tokens "
			+ "are refused until it is resumed.";

	private final TenantSuspensions suspensions;
	private final JsonMapper json;

	SuspendedTenantFilter(TenantSuspensions suspensions, JsonMapper json) {
		this.suspensions = suspensions;
		this.json = json;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof AppUser user && suspended(user.tenantId())) {
			refuse(request, response);
			return;
		}
		chain.doFilter(request, response);
	}

	private boolean suspended(String tenantId) {
		try {
			return suspensions.isSuspended(tenantId);
		}
		catch (DataAccessException e) {
			// the database is away: the request fails on its own reads with the outage answer
			return false;
		}
	}

	private void refuse(HttpServletRequest request, HttpServletResponse response) throws IOException {
		SecurityContextHolder.clearContext();
		if (ProblemResponses.isApi(request)) {
			ProblemResponses.write(json, request, response, HttpStatus.FORBIDDEN, PROBLEM, "Organisation suspended", MESSAGE);
			return;
		}
		HttpSession session = request.getSession(false);
		if (session != null) {
			session.invalidate();
		}
		response.sendRedirect(request.getContextPath() + "/login?suspended");
	}
}
