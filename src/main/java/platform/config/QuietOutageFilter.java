package platform.config;

import org.slf4j.Marker;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import platform.OutageLog;

/**
 * Drops the library log lines that repeat what is said once elsewhere:
 * <ul>
 * <li>the Temporal SDK's pollers log a stack trace per poller and attempt while the server is away;
 * {@code platform.temporal.TemporalReachability} says it once per outage;</li>
 * <li>Hikari logs a stack trace per broken connection when the database goes away, Spring Boot's
 * health indicators one per failed readiness check and Spring Security one per sign-in that found
 * no database; the components that use the database say it once per outage ({@link OutageLog}),
 * {@code /readyz} and the answers (503) say the rest;</li>
 * <li>a start that fails is reported by Spring Boot's failure analysis (one message); the context's
 * "Exception encountered during context initialization", Tomcat's "Error starting Tomcat context"
 * and Hikari's "Exception during pool initialization" said it again (the last with its stack);
 * each such failure is rethrown, so the analysis still reports it.</li>
 * </ul>
 * With the library's logger at DEBUG everything passes, stack traces included.
 */
final class QuietOutageFilter extends TurboFilter {

	@Override
	public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
		if (format == null || level == null || logger.isDebugEnabled()) {
			return FilterReply.NEUTRAL;
		}
		String name = logger.getName();
		if (name.startsWith("org.springframework.")
				&& (format.startsWith("Exception encountered during context initialization")
						|| format.startsWith("Error starting Tomcat context"))) {
			return FilterReply.DENY;
		}
		if (name.startsWith("com.zaxxer.hikari.") && format.contains("Exception during pool initialization")) {
			return FilterReply.DENY;
		}
		Throwable failure = t != null ? t : lastThrowable(params);
		if (failure == null || !OutageLog.isOutage(failure)) {
			return FilterReply.NEUTRAL;
		}
		// a failed readiness check (readyz says it) and a sign-in that failed for the outage (its answer says it)
		if (name.startsWith("org.springframework.boot.") && name.endsWith("HealthIndicator")
				|| name.startsWith("org.springframework.security.")) {
			return FilterReply.DENY;
		}
		boolean quieted = name.startsWith("io.temporal.internal.worker.") || name.startsWith("com.zaxxer.hikari.");
		return quieted && !level.isGreaterOrEqual(Level.ERROR) ? FilterReply.DENY : FilterReply.NEUTRAL;
	}

	// SLF4J passes a trailing throwable among the arguments; logback extracts it only later
	private static Throwable lastThrowable(Object[] params) {
		return params != null && params.length > 0 && params[params.length - 1] instanceof Throwable failure ? failure
				: null;
	}
}
