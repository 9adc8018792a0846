package platform.web;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.boot.autoconfigure.web.ErrorProperties;
import org.springframework.boot.webmvc.autoconfigure.error.BasicErrorController;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver;
import org.springframework.boot.webmvc.error.ErrorAttributes;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * Errors that never reached a controller (an unknown path, a method or media type the path does
 * not take, a rejection by a filter or by the container) answer problem+json with a stable
 * {@code type}, like every controller error; browsers asking for HTML still get the error pages.
 */
@Controller
@RequestMapping("${server.error.path:${error.path:/error}}")
class ProblemErrorController extends BasicErrorController {

	ProblemErrorController(ErrorAttributes errorAttributes, List<ErrorViewResolver> errorViewResolvers) {
		super(errorAttributes, new ErrorProperties(), errorViewResolvers);
	}

	@Override
	public ResponseEntity<Map<String, Object>> error(HttpServletRequest request) {
		HttpStatus status = getStatus(request);
		Map<String, Object> problem = new LinkedHashMap<>();
		problem.put("type", typeOf(status).toString());
		problem.put("title", status.getReasonPhrase());
		problem.put("status", status.value());
		problem.put("detail", detailOf(status));
		Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
		if (uri != null) {
			problem.put("instance", uri.toString());
		}
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	/** {@code /error} asked for directly (no error was dispatched to it) is a path with nothing at it. */
	@Override
	protected HttpStatus getStatus(HttpServletRequest request) {
		if (request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) == null) {
			return HttpStatus.NOT_FOUND;
		}
		return super.getStatus(request);
	}

	static URI typeOf(HttpStatus status) {
		return switch (status) {
			case NOT_FOUND -> ProblemTypes.NOT_FOUND;
			case METHOD_NOT_ALLOWED -> ProblemTypes.METHOD_NOT_ALLOWED;
			case UNSUPPORTED_MEDIA_TYPE -> ProblemTypes.UNSUPPORTED_MEDIA_TYPE;
			case NOT_ACCEPTABLE -> ProblemTypes.NOT_ACCEPTABLE;
			case PAYLOAD_TOO_LARGE -> ProblemTypes.PAYLOAD_TOO_LARGE;
			case UNAUTHORIZED -> ProblemTypes.UNAUTHORIZED;
			case FORBIDDEN -> ProblemTypes.FORBIDDEN;
			case BAD_REQUEST -> ProblemTypes.MALFORMED;
			default -> status.is4xxClientError() ? ProblemTypes.MALFORMED : ProblemTypes.INTERNAL;
		};
	}

	private static String detailOf(HttpStatus status) {
		return switch (status) {
			case NOT_FOUND -> "There is nothing at this path.";
			case METHOD_NOT_ALLOWED -> "This path does not take this HTTP method.";
			case UNSUPPORTED_MEDIA_TYPE -> "This operation does not take a body of this content type (send application/json).";
			case NOT_ACCEPTABLE -> "This operation cannot answer in the requested media type (accept application/json).";
			case PAYLOAD_TOO_LARGE -> "The request body is too large.";
			case BAD_REQUEST -> "The request is malformed.";
			default -> status.is5xxServerError() ? "An unexpected error occurred." : status.getReasonPhrase() + ".";
		};
	}
}
