package platform.web;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's last word on an error nobody else answered: a request Tomcat itself rejected before any
 * servlet ran (a {@code %00} or an encoded {@code /} in the path, an unparsable request line). The
 * stock valve writes an HTML page with the server's version; this one writes the same problem+json,
 * with a stable {@code type}, as every other error of the application.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		HttpStatus known = HttpStatus.resolve(status);
		HttpStatus effective = known == null ? (status < 500 ? HttpStatus.BAD_REQUEST : HttpStatus.INTERNAL_SERVER_ERROR)
				: known;
		String detail = effective == HttpStatus.BAD_REQUEST ? "The request is malformed (its path or headers were rejected)."
				: effective.is5xxServerError() ? "An unexpected error occurred." : effective.getReasonPhrase() + ".";
		String body = "{\"type\":\"" + ProblemErrorController.typeOf(effective) + "\",\"title\":\""
				+ effective.getReasonPhrase() + "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}";
		try {
			response.setContentType("application/problem+json");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write(body);
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException e) {
			// the client is gone or the response was committed meanwhile: nothing left to tell
		}
	}
}
