package platform.security;

import java.io.IOException;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The console's sign-in form has an optional "Organisation" (the tenant id) next to the
 * username: this filter, in front of form login, turns {@code username} + {@code organisation}
 * into the {@code user@tenant} login that {@link LoginUserDetailsService} resolves, and remembers
 * the organisation in a cookie (the login page fills it in next time). Without an organisation
 * the bare username is used, which signs in when it is unambiguous.
 */
final class OrganisationLoginFilter extends OncePerRequestFilter {

	/** The cookie that remembers the organisation of the last sign-in (a tenant id, not a secret). */
	public static final String COOKIE = "JMLHUB_ORGANISATION";

	private static final Pattern TENANT_ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,62}");
	private static final int ONE_YEAR = 365 * 24 * 3600;

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !("POST".equals(request.getMethod()) && "/login".equals(request.getServletPath()));
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String organisation = normalised(request.getParameter("organisation"));
		String username = request.getParameter("username");
		if (organisation == null || username == null || username.isBlank()) {
			response.addCookie(cookie(request, "", 0));
			chain.doFilter(request, response);
			return;
		}
		response.addCookie(cookie(request, organisation, ONE_YEAR));
		String qualified = username.strip() + "@" + organisation;
		chain.doFilter(new HttpServletRequestWrapper(request) {
			@Override
			public String getParameter(String name) {
				return "username".equals(name) ? qualified : super.getParameter(name);
			}
		}, response);
	}

	private static String normalised(String organisation) {
		if (organisation == null) {
			return null;
		}
		String id = organisation.strip().toLowerCase(Locale.ROOT);
		return TENANT_ID.matcher(id).matches() ? id : null;
	}

	private static Cookie cookie(HttpServletRequest request, String value, int maxAge) {
		Cookie cookie = new Cookie(COOKIE, value);
		cookie.setPath(request.getContextPath().isEmpty() ? "/" : request.getContextPath());
		cookie.setHttpOnly(true);
		cookie.setSecure(request.isSecure());
		cookie.setMaxAge(maxAge);
		cookie.setAttribute("SameSite", "Lax");
		return cookie;
	}
}
