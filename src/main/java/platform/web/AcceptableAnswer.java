package platform.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Content negotiation of the API before anything runs: every {@code /v1} operation answers JSON
 * (application/json, or application/problem+json for a refusal), so a request whose
 * {@code Accept} admits neither is refused with 406 problem+json here, before security and the
 * handler. Negotiated after the handler, a write had already happened when the 406 was sent.
 */
final class AcceptableAnswer extends OncePerRequestFilter {

	private static final List<MediaType> ANSWERS = List.of(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PROBLEM_JSON);

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!acceptsJson(Collections.list(request.getHeaders("Accept")))) {
			response.setStatus(HttpStatus.NOT_ACCEPTABLE.value());
			response.setContentType("application/problem+json");
			response.getOutputStream().write(("{\"type\":\"" + ProblemTypes.NOT_ACCEPTABLE
					+ "\",\"title\":\"Not Acceptable\",\"status\":406,\"detail\":\"This operation answers application/json "
					+ "(application/problem+json when it refuses); the Accept header admits neither, so nothing was done.\"}")
				.getBytes(StandardCharsets.UTF_8));
			return;
		}
		chain.doFilter(request, response);
	}

	/** No Accept header accepts anything; an unreadable one accepts nothing. */
	static boolean acceptsJson(List<String> headers) {
		if (headers.isEmpty()) {
			return true;
		}
		try {
			List<MediaType> accepted = MediaType.parseMediaTypes(headers);
			return accepted.isEmpty() || accepted.stream()
				.filter(type -> type.getQualityValue() > 0)
				.anyMatch(type -> ANSWERS.stream().anyMatch(type::isCompatibleWith));
		}
		catch (InvalidMediaTypeException e) {
			return false;
		}
	}
}
