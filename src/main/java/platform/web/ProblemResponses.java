package platform.web;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;

import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an API error where no controller answers (a filter, the security chain): problem+json,
 * or a SCIM Error on {@code /scim/}, whose clients read those (RFC 7644 §3.12).
 */
public final class ProblemResponses {

	private static final String SCIM_PATH = "/scim/";
	private static final String SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
	private static final String SCIM_MEDIA_TYPE = "application/scim+json";

	private ProblemResponses() {
	}

	/** Whether {@code request} is the JSON API's (the API and SCIM), which answers problems, not pages. */
	public static boolean isApi(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		return path.startsWith("/v1/") || path.startsWith(SCIM_PATH);
	}

	public static void write(JsonMapper json, HttpServletRequest request, HttpServletResponse response, HttpStatus status,
			URI type, String detail) throws IOException {
		write(json, request, response, status, type, null, detail);
	}

	/** As {@link #write(JsonMapper, HttpServletRequest, HttpServletResponse, HttpStatus, URI, String)}, with a title of its own (null: the status's). */
	public static void write(JsonMapper json, HttpServletRequest request, HttpServletResponse response, HttpStatus status,
			URI type, String title, String detail) throws IOException {
		response.setStatus(status.value());
		if (request.getRequestURI().startsWith(request.getContextPath() + SCIM_PATH)) {
			Map<String, Object> error = new LinkedHashMap<>();
			error.put("schemas", List.of(SCIM_ERROR));
			error.put("status", Integer.toString(status.value()));
			error.put("detail", detail);
			response.setContentType(SCIM_MEDIA_TYPE);
			json.writeValue(response.getOutputStream(), error);
			return;
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(type);
		if (title != null) {
			problem.setTitle(title);
		}
		problem.setInstance(URI.create(request.getRequestURI()));
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		json.writeValue(response.getOutputStream(), problem);
	}
}
