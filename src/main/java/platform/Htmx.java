package platform;

import jakarta.servlet.http.HttpServletRequest;

/** The one place that knows how htmx marks its requests (controllers answer those with a fragment). */
public final class Htmx {

	public static final String REQUEST_HEADER = "HX-Request";

	private Htmx() {
	}

	/** True for a request htmx sent (not a full page load, not a history restore). */
	public static boolean isRequest(HttpServletRequest request) {
		return "true".equals(request.getHeader(REQUEST_HEADER)) && request.getHeader("HX-History-Restore-Request") == null;
	}
}
