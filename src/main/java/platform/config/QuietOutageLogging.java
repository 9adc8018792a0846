package platform.config;

import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

import ch.qos.logback.classic.LoggerContext;

/**
 * Installs the {@link QuietOutageFilter} right after Spring Boot configured logging (registered in
 * META-INF/spring.factories, so it is in place before the context starts, when a refused start and
 * Hikari's first connection are logged). Boot resets the logging context on every start, so it is
 * added again each time, once.
 */
final class QuietOutageLogging implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context
				&& context.getTurboFilterList().stream().noneMatch(QuietOutageFilter.class::isInstance)) {
			QuietOutageFilter filter = new QuietOutageFilter();
			filter.setContext(context);
			filter.start();
			context.addTurboFilter(filter);
		}
	}

	@Override
	public int getOrder() {
		return LoggingApplicationListener.DEFAULT_ORDER + 1;
	}
}
