package platform.web;

import java.sql.SQLException;
import java.util.Optional;

import org.springframework.http.HttpStatus;

/**
 * A database error caused by what the request carried, which validation should have caught: a
 * value the database cannot take (SQLState class 22: too long, out of range, bad encoding; 54: a
 * key too large for its index) is the caller's 400, a broken constraint (23) a 409. Neither is
 * an outage, nor a 500.
 */
public final class DatabaseRefusal {

	private DatabaseRefusal() {
	}

	/** The status to answer, when {@code failure} is such a refusal. */
	public static Optional<HttpStatus> of(Throwable failure) {
		String state = sqlState(failure);
		if (state == null) {
			return Optional.empty();
		}
		if (state.startsWith("22") || state.startsWith("54")) {
			return Optional.of(HttpStatus.BAD_REQUEST);
		}
		if (state.startsWith("23")) {
			return Optional.of(HttpStatus.CONFLICT);
		}
		return Optional.empty();
	}

	/** The SQLState of the first SQLException in the cause chain that has one. */
	static String sqlState(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
			if (cause instanceof SQLException sql && sql.getSQLState() != null) {
				return sql.getSQLState();
			}
		}
		return null;
	}
}
