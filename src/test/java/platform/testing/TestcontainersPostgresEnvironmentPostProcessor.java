package platform.testing;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.StringUtils;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Tests use a {@code postgres:17} container when a Docker engine is reachable; otherwise the
 * main code's embedded PostgreSQL takes over. Either way one server serves the whole test JVM.
 */
public class TestcontainersPostgresEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	private static PostgreSQLContainer container;

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (StringUtils.hasText(environment.getProperty("spring.datasource.url")) || !dockerAvailable()) {
			return;
		}
		PostgreSQLContainer postgres = startOnce();
		environment.getPropertySources().addFirst(new MapPropertySource("testcontainersPostgres", Map.of(
				"spring.datasource.url", postgres.getJdbcUrl(),
				"spring.flyway.url", postgres.getJdbcUrl(),
				"spring.flyway.user", postgres.getUsername(),
				"spring.flyway.password", postgres.getPassword(),
				"jmlhub.demo", "true",
				"jmlhub.embedded.postgres-active", "true")));
	}

	private static synchronized PostgreSQLContainer startOnce() {
		if (container == null) {
			container = new PostgreSQLContainer("postgres:17").withCommand("postgres", "-c", "max_connections=300");
			container.start();
		}
		return container;
	}

	private static boolean dockerAvailable() {
		try {
			return DockerClientFactory.instance().isDockerAvailable();
		}
		catch (RuntimeException e) {
			return false;
		}
	}

	@Override
	public int getOrder() {
		// before the embedded default, which only starts when no URL is configured yet
		return Ordered.LOWEST_PRECEDENCE - 10;
	}
}
