package platform.mfa;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.web.filter.OncePerRequestFilter;

import platform.AppUser;
import platform.web.ProblemResponses;
import tools.jackson.databind.json.JsonMapper;

/**
 * The second factor after the password. A console session signed in with a password is held at
 * the code page ({@code /login/second-factor}) until a code is accepted, or at the enrolment page
 * ({@code /account/two-factor}) when the tenant requires a factor the user does not have yet; the
 * session remembers the outcome, so the question costs one query per sign-in. HTTP Basic cannot
 * carry a code: the API refuses it for those users, who call it with API tokens instead. Single
 * sign-on (the issuer's own factors) and API tokens pass: only password sign-ins carry the
 * {@link WebAuthenticationDetails} this gate looks for. Runs after Spring Security's chain.
 */
final class SecondFactorGate extends OncePerRequestFilter {

	static final String PASSED = SecondFactorGate.class.getName() + ".passed";
	static final String TARGET = SecondFactorGate.class.getName() + ".target";
	static final String VERIFY_PATH = "/login/second-factor";
	static final String ENROL_PATH = "/account/two-factor";
	static final URI PROBLEM = URI.create("https://jmlhub.dev/problems/second-factor-required");
	private static final List<String> ALWAYS = List.of("/logout", "/css/", "/js/", "/webjars/", "/favicon", "/error");

	private final SecondFactorRepository repository;
	private final JsonMapper json;

	SecondFactorGate(SecondFactorRepository repository, JsonMapper json) {
		this.repository = repository;
		this.json = json;
	}

	/** The identity a session's outcome is remembered for. */
	static String identity(AppUser user) {
		return user.getUsername() + "@" + user.tenantId();
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (!(authentication instanceof UsernamePasswordAuthenticationToken)
				|| !(authentication.getPrincipal() instanceof AppUser user)
				|| !(authentication.getDetails() instanceof WebAuthenticationDetails)) {
			chain.doFilter(request, response);
			return;
		}
		String path = request.getRequestURI().substring(request.getContextPath().length());
		// HR's SCIM endpoint is in the API chain: HTTP Basic there is held to the same rule
		if (path.startsWith("/v1/") || path.startsWith("/scim/")) {
			api(user, request, response, chain);
			return;
		}
		HttpSession session = request.getSession(false);
		if (session == null || identity(user).equals(session.getAttribute(PASSED)) || ALWAYS.stream().anyMatch(path::startsWith)) {
			chain.doFilter(request, response);
			return;
		}
		switch (repository.status(user.tenantId(), user.getUsername())) {
			case "enrolled" -> hold(request, response, chain, session, path, VERIFY_PATH);
			case "required" -> hold(request, response, chain, session, path, ENROL_PATH);
			default -> {
				session.setAttribute(PASSED, identity(user));
				chain.doFilter(request, response);
			}
		}
	}

	private void hold(HttpServletRequest request, HttpServletResponse response, FilterChain chain, HttpSession session,
			String path, String page) throws IOException, ServletException {
		if (path.equals(page) || path.startsWith(page + "/")) {
			chain.doFilter(request, response);
			return;
		}
		if ("GET".equals(request.getMethod()) && session.getAttribute(TARGET) == null && !path.equals("/")) {
			String query = request.getQueryString();
			session.setAttribute(TARGET, path + (query == null ? "" : "?" + query));
		}
		response.sendRedirect(request.getContextPath() + page);
	}

	private void api(AppUser user, HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		String status = repository.status(user.tenantId(), user.getUsername());
		if ("none".equals(status)) {
			chain.doFilter(request, response);
			return;
		}
		String detail = "enrolled".equals(status)
				? "This account signs in with a second factor, which HTTP Basic cannot carry: call the API with an API token (Authorization: Bearer)."
				: "Your organisation requires a second factor of this account: enrol in the console (Account, two-factor), then call the API with an API token.";
		response.setHeader("WWW-Authenticate", "Bearer realm=\"jml-hub\"");
		ProblemResponses.write(json, request, response, HttpStatus.UNAUTHORIZED, PROBLEM, "Second factor required", detail);
	}
}
