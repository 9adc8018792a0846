package platform.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body larger than {@code jmlhub.web.max-body-size} by its declared length,
 * before anything reads it: 413 problem+json, instead of a parameter parser that gives up half
 * way or a reset connection. Tomcat swallows what the client still sends up to
 * {@code server.tomcat.max-swallow-size}, so the client gets to read the answer.
 */
final class RequestSizeLimit extends OncePerRequestFilter {

	private final DataSize maxBodySize;

	RequestSizeLimit(DataSize maxBodySize) {
		this.maxBodySize = maxBodySize;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > maxBodySize.toBytes()) {
			response.setStatus(HttpStatus.PAYLOAD_TOO_LARGE.value());
			response.setHeader("Connection", "close");
			response.setContentType("application/problem+json");
			response.getWriter().write("{\"type\":\"" + ProblemTypes.PAYLOAD_TOO_LARGE
					+ "\",\"title\":\"Payload Too Large\",\"status\":413,\"detail\":\"The request body is larger than "
					+ maxBodySize.toKilobytes() + " KB.\"}");
			return;
		}
		chain.doFilter(request, response);
	}
}
