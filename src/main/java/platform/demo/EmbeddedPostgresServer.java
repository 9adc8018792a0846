package platform.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import org.springframework.boot.SpringApplication;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * One embedded PostgreSQL server per JVM. It is started before the application context exists
 * (the datasource properties depend on it), so it cannot be a bean; Spring Boot's shutdown hook
 * stops it once the application is closed, and {@link LeftoverDemoServers} stops the server of a
 * JVM that was killed before its hook ran. It runs with fsync, synchronous commit and full-page
 * writes off: a demo database is disposable.
 */
final class EmbeddedPostgresServer {

	static final String OWNER = "postgres";

	private static EmbeddedPostgresServer instance;

	private final EmbeddedPostgres postgres;
	private final int leftoversStopped;

	private EmbeddedPostgresServer(EmbeddedPostgres postgres, int leftoversStopped) {
		this.postgres = postgres;
		this.leftoversStopped = leftoversStopped;
	}

	/** How many servers of killed demo JVMs this start stopped. */
	int leftoversStopped() {
		return leftoversStopped;
	}

	/**
	 * @param durable fsync, synchronous commit and full-page writes on, as a real server runs: for
	 *        measuring (bench/), not for the demo, whose data is thrown away anyway
	 */
	static synchronized EmbeddedPostgresServer startOnce(int port, boolean durable) {
		if (instance == null) {
			try {
				LeftoverDemoServers leftovers = new LeftoverDemoServers(LeftoverDemoServers.DEFAULT_DIRECTORY);
				int stopped = leftovers.stopLeftovers();
				Path dataDirectory = leftovers.newDataDirectory();
				EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
					.setDataDirectory(dataDirectory)
					.setCleanDataDirectory(true)
					.setRegisterShutdownHook(false)
					.setServerConfig("max_connections", "300")
					.setServerConfig("shared_buffers", "128MB")
					.setServerConfig("fsync", durable ? "on" : "off")
					.setServerConfig("synchronous_commit", durable ? "on" : "off")
					.setServerConfig("full_page_writes", durable ? "on" : "off");
				if (port > 0) {
					builder.setPort(port);
				}
				EmbeddedPostgres postgres = builder.start();
				long jvmPid = ProcessHandle.current().pid();
				leftovers.register(jvmPid, dataDirectory);
				instance = new EmbeddedPostgresServer(postgres, stopped);
				EmbeddedPostgresServer server = instance;
				// after Spring Boot has closed the application (its dispatcher, jobs and pool stop
				// while the database still answers), not beside it as a JVM hook of its own would
				SpringApplication.getShutdownHandlers().add(() -> {
					server.close();
					leftovers.unregister(jvmPid);
				});
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
