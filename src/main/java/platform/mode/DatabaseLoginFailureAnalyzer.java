package platform.mode;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * A refused database login, wherever it surfaces (Flyway as the owner, the pool as the runtime
 * role): names the role and the variable that holds its password instead of a wall of frames.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class DatabaseLoginFailureAnalyzer extends AbstractFailureAnalyzer<SQLException> {

	// 28P01 invalid_password, 28000 invalid_authorization_specification (no such role, pg_hba)
	private static final Pattern ROLE = Pattern.compile("for user \"([^\"]+)\"");

	private final Environment environment;

	DatabaseLoginFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
		String state = cause.getSQLState();
		if (state == null || !state.startsWith("28")) {
			return null;
		}
		Matcher matcher = ROLE.matcher(String.valueOf(cause.getMessage()));
		String role = matcher.find() ? matcher.group(1) : null;
		DatabaseLogin login = DatabaseLogin.of(environment, role);
		return new FailureAnalysis(
				"JML Hub refused to start: PostgreSQL rejected the login of role " + login.role() + " ("
						+ login.what() + "): " + cause.getMessage(),
				"Check " + login.userVariable() + " and " + login.passwordVariable() + " (and SPRING_DATASOURCE_URL).",
				cause);
	}

	/** Which configured login a role name is. */
	record DatabaseLogin(String role, String what, String userVariable, String passwordVariable) {

		static DatabaseLogin of(Environment environment, String role) {
			String owner = environment.getProperty("spring.flyway.user", "");
			if (role != null && role.equals(owner)) {
				return new DatabaseLogin(role, "the migration owner", "SPRING_FLYWAY_USER", "SPRING_FLYWAY_PASSWORD");
			}
			String runtime = environment.getProperty("spring.datasource.username", "");
			return new DatabaseLogin(role == null ? runtime : role, "the runtime role", "SPRING_DATASOURCE_USERNAME",
					"SPRING_DATASOURCE_PASSWORD");
		}
	}
}
