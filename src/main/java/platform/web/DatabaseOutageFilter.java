package platform.web;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.ViewResolver;

import platform.OutageLog;
import tools.jackson.databind.json.JsonMapper;

/**
 * The outage answer where no controller catches it: a filter behind the sign-in that reads the
 * database (the second factor's gate, for one) when the pool has no connection left threw through
 * Tomcat, which logged a stack trace and answered 500. Here it is answered as every outage is
 * ({@link DatabaseOutage}): 503 with {@code Retry-After}, problem+json for the API and the
 * "temporarily unavailable" page for the console, said once in the log ({@link OutageLog}).
 */
final class DatabaseOutageFilter extends OncePerRequestFilter {

	private final JsonMapper json;
	private final ViewResolver pages;
	private final Duration retryAfter;
	private final OutageLog outages;

	DatabaseOutageFilter(JsonMapper json, ViewResolver pages, Duration retryAfter, OutageLog outages) {
		this.json = json;
		this.pages = pages;
		this.retryAfter = retryAfter;
		this.outages = outages;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		try {
			chain.doFilter(request, response);
		}
		catch (ServletException | RuntimeException e) {
			if (!DatabaseOutage.isOutage(e)) {
				throw e;
			}
			outages.failed(DatabaseOutage.COMPONENT, e);
			if (response.isCommitted()) {
				// part of the answer is out: the client sees it cut short, nothing more to tell
				return;
			}
			answer(request, response);
		}
	}

	private void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
		response.reset();
		response.setHeader(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter));
		if (ProblemResponses.isApi(request)) {
			ProblemResponses.write(json, request, response, HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.SERVICE_UNAVAILABLE,
					"The service is temporarily unavailable. Try again shortly.");
			return;
		}
		response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
		try {
			View page = pages.resolveViewName("error/503", request.getLocale());
			page.render(Map.of("retryAfterSeconds", DatabaseOutage.retryAfter(retryAfter)), request, response);
		}
		catch (Exception e) {
			throw new IOException("Could not render the unavailable page", e);
		}
	}
}
