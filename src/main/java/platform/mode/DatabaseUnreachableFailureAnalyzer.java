package platform.mode;

import java.sql.SQLException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * A database that cannot be reached at startup (a closed port, a host that does not answer) or
 * that does not exist on the server: one message naming the URL and the variable to check, as the
 * other refused starts give, instead of a wall of frames.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class DatabaseUnreachableFailureAnalyzer extends AbstractFailureAnalyzer<SQLException> {

	private final Environment environment;

	DatabaseUnreachableFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
		String state = cause.getSQLState();
		String url = environment.getProperty("spring.datasource.url", "");
		if ("3D000".equals(state)) {
			return new FailureAnalysis("JML Hub refused to start: the database named in " + url + " does not exist ("
					+ cause.getMessage() + ").", "Check the database name in SPRING_DATASOURCE_URL, or create the database.",
					cause);
		}
		if (state != null && state.startsWith("08")) {
			return new FailureAnalysis("JML Hub refused to start: PostgreSQL at " + url + " cannot be reached ("
					+ cause.getMessage() + ").", "Check SPRING_DATASOURCE_URL (host and port) and that PostgreSQL runs "
							+ "and accepts connections from this host.", cause);
		}
		return null;
	}
}
