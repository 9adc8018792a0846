package platform.testing;

import java.io.IOException;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import platform.JmlHubApplication;

/**
 * The application the hostile-input properties (API and console forms) throw their cases at: the
 * demo on a PostgreSQL of its own, so what the forms really change touches no other test, with
 * outbox dispatch off, so that only the requests write. Started once for both test classes (a
 * parameter of their {@code @BeforeAll}, see {@link Resolver}) and stopped when the run ends.
 */
public final class HostileInputApp implements AutoCloseable {

	private final EmbeddedPostgres postgres;
	private final ConfigurableApplicationContext context;

	private HostileInputApp(EmbeddedPostgres postgres, ConfigurableApplicationContext context) {
		this.postgres = postgres;
		this.context = context;
	}

	static HostileInputApp start() {
		try {
			EmbeddedPostgres postgres = EmbeddedPostgres.builder().setServerConfig("max_connections", "60").start();
			String url = "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres";
			try {
				return new HostileInputApp(postgres, new SpringApplicationBuilder(JmlHubApplication.class).run(
						"--spring.datasource.url=" + url, "--spring.flyway.url=" + url, "--spring.flyway.user=postgres",
						"--spring.flyway.password=postgres", "--jmlhub.demo=true", "--jmlhub.embedded.postgres-active=true",
						"--spring.datasource.hikari.maximum-pool-size=8", "--jmlhub.dispatch.enabled=false"));
			}
			catch (RuntimeException e) {
				postgres.close();
				throw e;
			}
		}
		catch (IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}

	public ConfigurableApplicationContext context() {
		return context;
	}

	public int port() {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	@Override
	public void close() throws IOException {
		try {
			context.close();
		}
		finally {
			postgres.close();
		}
	}

	/** Resolves a {@link HostileInputApp} parameter: the one of the whole run (the root store closes it at the end). */
	public static final class Resolver implements ParameterResolver {

		private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(HostileInputApp.class);

		@Override
		public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
			return parameter.getParameter().getType() == HostileInputApp.class;
		}

		@Override
		public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
			return context.getRoot().getStore(NAMESPACE).computeIfAbsent("app", key -> start(), HostileInputApp.class);
		}
	}
}
