package platform.security;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * {@code Authorization: Bearer <token>} on the JSON API. A request without a bearer token passes
 * on (to HTTP Basic, or to the 401); a rejected token answers 401 problem+json at once and is
 * never retried as another kind of credential. Not a bean, so it only runs inside the API chain.
 */
final class ApiTokenAuthenticationFilter extends OncePerRequestFilter {

	private static final String BEARER = "Bearer ";

	private final ApiTokenAuthenticator authenticator;
	private final AuthenticationEntryPoint entryPoint;
	private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

	ApiTokenAuthenticationFilter(ApiTokenAuthenticator authenticator, AuthenticationEntryPoint entryPoint) {
		this.authenticator = authenticator;
		this.entryPoint = entryPoint;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
			chain.doFilter(request, response);
			return;
		}
		try {
			SecurityContext context = contexts.createEmptyContext();
			context.setAuthentication(authenticator.authenticate(header.substring(BEARER.length()).trim()));
			contexts.setContext(context);
		}
		catch (AuthenticationException e) {
			contexts.clearContext();
			entryPoint.commence(request, response, e);
			return;
		}
		chain.doFilter(request, response);
	}
}
