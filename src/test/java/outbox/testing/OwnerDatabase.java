package outbox.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.function.Function;

import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Statements as the schema owner (the Flyway user), for what the runtime role may not do:
 * simulating a dead worker's claims, terminating backends, inspecting all tenants.
 */
public final class OwnerDatabase {

	private OwnerDatabase() {
	}

	public static <T> T with(Environment environment, Function<JdbcClient, T> work) {
		try (Connection connection = DriverManager.getConnection(environment.getRequiredProperty("spring.flyway.url"),
				environment.getRequiredProperty("spring.flyway.user"),
				environment.getRequiredProperty("spring.flyway.password"))) {
			connection.setAutoCommit(true);
			return work.apply(JdbcClient.create(new SingleConnectionDataSource(connection, true)));
		}
		catch (SQLException e) {
			throw new IllegalStateException(e);
		}
	}
}
