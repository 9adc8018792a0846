package platform.web;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a database that cannot be reached (refused or broken connections, a pool that gave up
 * waiting, a server shutting down) from every other failure. Such a failure is the server's
 * temporary state, not the caller's mistake and not a bug: it answers 503 with {@code Retry-After},
 * never 401 or 500, wherever it surfaces (authentication, a controller, a page).
 */
public final class DatabaseOutage {

	/** The component name under which requests report the outage to {@link platform.OutageLog}. */
	public static final String COMPONENT = "Database";

	/** The setting of the {@code Retry-After} an outage answers with. */
	public static final String RETRY_AFTER_SETTING = "${jmlhub.outage.retry-after:5s}";

	private DatabaseOutage() {
	}

	public static boolean isOutage(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof SQLTransientConnectionException || cause instanceof SQLNonTransientConnectionException
					|| cause instanceof ConnectException) {
				return true;
			}
		}
		String state = DatabaseRefusal.sqlState(failure);
		if (state != null) {
			// the server answered: only its own word that it is unavailable makes an outage (Spring
			// reads some answers, such as 54000 "index row size exceeds maximum", as resource failures)
			return unavailableState(state);
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof DataAccessResourceFailureException
					|| cause instanceof CannotCreateTransactionException && cause.getCause() instanceof SQLException) {
				return true;
			}
		}
		return false;
	}

	/** The {@code Retry-After} header value (whole seconds, at least 1). */
	public static String retryAfter(Duration retryAfter) {
		return Long.toString(Math.max(1, retryAfter.toSeconds()));
	}

	// 08: connection exceptions; 57P01..57P03: the server is shutting down or starting; 53: out of
	// connections, memory or disk
	private static boolean unavailableState(String state) {
		return state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
				|| state.equals("57P03") || state.startsWith("53"));
	}
}
