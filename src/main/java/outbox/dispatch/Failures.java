package outbox.dispatch;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.IdentityHashMap;
import java.util.Map;

import outbox.PermanentFailureException;

/** Failure classification and the truncated evidence stored per attempt. */
final class Failures {

	static final int MAX_MESSAGE = 2_000;
	static final int MAX_STACK = 8_000;

	private Failures() {
	}

	/** A {@link PermanentFailureException} anywhere in the cause chain makes the failure permanent. */
	static boolean isPermanent(Throwable failure) {
		Map<Throwable, Boolean> seen = new IdentityHashMap<>();
		for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
			if (t instanceof PermanentFailureException) {
				return true;
			}
		}
		return false;
	}

	static String message(Throwable failure) {
		return truncate(failure.getMessage() == null ? failure.toString() : failure.getMessage(), MAX_MESSAGE);
	}

	static String stack(Throwable failure) {
		StringWriter out = new StringWriter();
		failure.printStackTrace(new PrintWriter(out));
		return truncate(out.toString(), MAX_STACK);
	}

	static String truncate(String text, int max) {
		return text.length() <= max ? text : text.substring(0, max - 1) + "…";
	}
}
