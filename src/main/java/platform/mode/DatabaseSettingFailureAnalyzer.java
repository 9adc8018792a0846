package platform.mode;

import java.sql.SQLException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * PostgreSQL refusing a setting the application's connections ask for (their {@code options}:
 * {@code DB_JIT}, {@code DB_MAX_PARALLEL_WORKERS_PER_GATHER}): names the variable instead of a wall
 * of frames, because the connection fails before anything else could say what is wrong.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class DatabaseSettingFailureAnalyzer extends AbstractFailureAnalyzer<SQLException> {

	// 22023 invalid_parameter_value, e.g. 'parameter "jit" requires a Boolean value'
	private static final String INVALID_PARAMETER_VALUE = "22023";
	private static final Pattern PARAMETER = Pattern.compile("parameter \"([^\"]+)\"");
	private static final Map<String, String> VARIABLES = Map.of("jit", "DB_JIT (on or off)",
			"max_parallel_workers_per_gather", "DB_MAX_PARALLEL_WORKERS_PER_GATHER (a number, 0 or more)");

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
		if (!INVALID_PARAMETER_VALUE.equals(cause.getSQLState())) {
			return null;
		}
		Matcher matcher = PARAMETER.matcher(String.valueOf(cause.getMessage()));
		String parameter = matcher.find() ? matcher.group(1) : null;
		String variable = parameter == null ? null : VARIABLES.get(parameter);
		if (variable == null) {
			// not one of ours: Spring Boot's report shows PostgreSQL's own message
			return null;
		}
		return new FailureAnalysis(
				"JML Hub refused to start: PostgreSQL refused the setting " + parameter
						+ " of the application's connections: " + cause.getMessage(),
				"Check " + variable + ".", cause);
	}
}
