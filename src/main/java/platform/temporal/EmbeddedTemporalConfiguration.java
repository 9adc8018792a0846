package platform.temporal;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

import platform.TemporalProperties;

/**
 * The SDK's in-process Temporal server, when no {@code TEMPORAL_TARGET} is set (the demo, or an
 * explicit {@code TEMPORAL_EMBEDDED=true}) and only when its classes are on the classpath: the
 * production jar ({@code -Pprod}) does not contain them.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "io.temporal.testserver.TestServer")
class EmbeddedTemporalConfiguration {

	@Bean(destroyMethod = "close")
	@Conditional(TemporalConfiguration.EmbeddedTemporalCondition.class)
	EmbeddedTemporalServer embeddedTemporalServer(TemporalProperties properties) {
		return new EmbeddedTemporalServer(properties.embeddedPort());
	}
}
