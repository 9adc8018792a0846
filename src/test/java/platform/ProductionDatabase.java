package platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.function.Function;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A PostgreSQL server that is NOT the demo's: a second embedded server the production-boot test
 * starts itself, set up as docs/operations.md's production section says (an owner role that owns the
 * database, a separate runtime role), with password authentication over TCP so a wrong password
 * really is refused.
 */
final class ProductionDatabase implements AutoCloseable {

	static final String DATABASE = "jml";
	static final String OWNER = "jml_owner";
	static final String OWNER_PASSWORD = "owner-secret-1";
	static final String RUNTIME = "jml_app";
	static final String RUNTIME_PASSWORD = "app-secret-1";

	private final EmbeddedPostgres postgres;

	private ProductionDatabase(EmbeddedPostgres postgres) {
		this.postgres = postgres;
	}

	static ProductionDatabase start() {
		try {
			Path data = Files.createTempDirectory("jmlhub-prod-test-pg");
			EmbeddedPostgres postgres = EmbeddedPostgres.builder()
				.setDataDirectory(data)
				.setCleanDataDirectory(true)
				.setServerConfig("max_connections", "200")
				.start();
			ProductionDatabase database = new ProductionDatabase(postgres);
			// the superuser keeps trust (the test's own set-up); every other role needs its password
			Files.writeString(data.resolve("pg_hba.conf"), """
					local all all trust
					host all postgres 127.0.0.1/32 trust
					host all postgres ::1/128 trust
					host all all 127.0.0.1/32 scram-sha-256
					host all all ::1/128 scram-sha-256
					""");
			database.asSuperuser("postgres", jdbc -> {
				jdbc.sql("SELECT pg_reload_conf()").query().singleValue();
				// docs/operations.md, "Production": the owner role and the database, then the runtime role
				jdbc.sql("CREATE ROLE " + OWNER + " LOGIN PASSWORD '" + OWNER_PASSWORD + "'").update();
				jdbc.sql("CREATE DATABASE " + DATABASE + " OWNER " + OWNER).update();
				jdbc.sql("CREATE ROLE " + RUNTIME + " LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD '" + RUNTIME_PASSWORD + "'")
					.update();
				return null;
			});
			return database;
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	String jdbcUrl() {
		return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
	}

	<T> T asSuperuser(Function<JdbcClient, T> work) {
		return asSuperuser(DATABASE, work);
	}

	private <T> T asSuperuser(String database, Function<JdbcClient, T> work) {
		try (Connection connection = DriverManager
			.getConnection("jdbc:postgresql://localhost:" + postgres.getPort() + "/" + database, "postgres", "")) {
			connection.setAutoCommit(true);
			return work.apply(JdbcClient.create(new SingleConnectionDataSource(connection, true)));
		}
		catch (SQLException e) {
			throw new IllegalStateException(e);
		}
	}

	@Override
	public void close() {
		try {
			postgres.close();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
