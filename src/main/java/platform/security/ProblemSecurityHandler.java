package platform.security;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.stereotype.Component;

import platform.OutageLog;
import platform.web.DatabaseOutage;
import platform.web.ProblemResponses;
import platform.web.ProblemTypes;
import tools.jackson.databind.json.JsonMapper;

/**
 * 401 and 403 for the JSON API as problem+json (as SCIM Errors on {@code /scim/}); also the 503 of a login that failed because the
 * database is down, and the 429 of a throttled login. The challenge is {@code Bearer}, never
 * {@code Basic}: browsers then never prompt for, nor cache and replay, a password on {@code /v1}.
 */
@Component
class ProblemSecurityHandler implements AuthenticationEntryPoint, AccessDeniedHandler {

	static final String CHALLENGE = "Bearer realm=\"jml-hub\"";

	private final JsonMapper json;
	private final Duration retryAfter;

	private final OutageLog outages;

	ProblemSecurityHandler(JsonMapper json, @Value(DatabaseOutage.RETRY_AFTER_SETTING) Duration retryAfter,
			OutageLog outages) {
		this.outages = outages;
		this.json = json;
		this.retryAfter = retryAfter;
	}

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
			throws IOException {
		if (DatabaseOutage.isOutage(e)) {
			outages.failed(DatabaseOutage.COMPONENT, e);
			response.setHeader(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter));
			write(request, response, HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.SERVICE_UNAVAILABLE,
					"The service is temporarily unavailable. Try again shortly.");
			return;
		}
		if (e instanceof LoginThrottledException throttled) {
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(throttled.retryAfterSeconds()));
			write(request, response, HttpStatus.TOO_MANY_REQUESTS, ProblemTypes.TOO_MANY_ATTEMPTS,
					LoginThrottledException.MESSAGE);
			return;
		}
		if (e instanceof ApiTokenRejectedException) {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE + ", error=\"invalid_token\"");
			write(request, response, HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, e.getMessage());
			return;
		}
		response.setHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE);
		write(request, response, HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Authentication is required.");
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
			throws IOException {
		write(request, response, HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN, "You may not do this.");
	}

	private void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status,
			URI type, String detail) throws IOException {
		ProblemResponses.write(json, request, response, status, type, detail);
	}
}
