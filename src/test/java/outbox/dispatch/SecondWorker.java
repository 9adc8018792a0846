package outbox.dispatch;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import outbox.store.DispatchQueueRepository;
import outbox.store.OutboxEventRepository;
import outbox.testing.OwnerDatabase;
import platform.TenantTransactions;

/**
 * Another worker instance in the test JVM with connections of its own (application name =
 * worker id), which the test can cut: its sessions are terminated and it cannot open new ones
 * until {@link #restore()}, as after a {@code kill -9} (never restored) or during a database outage.
 */
final class SecondWorker implements AutoCloseable {

	private final String name;
	private final Environment environment;
	private final Dispatcher dispatcher;
	private volatile boolean cut;

	SecondWorker(String name, OutboxProperties properties, Environment environment, HandlerRegistry registry,
			DispatchMetrics metrics) {
		this.name = name;
		this.environment = environment;
		Properties connection = new Properties();
		connection.setProperty("user", environment.getRequiredProperty("spring.datasource.username"));
		connection.setProperty("password", environment.getRequiredProperty("spring.datasource.password"));
		connection.setProperty("ApplicationName", name);
		SimpleDriverDataSource dataSource = new SimpleDriverDataSource(new org.postgresql.Driver(),
				environment.getRequiredProperty("spring.datasource.url"), connection) {
			@Override
			protected Connection getConnectionFromDriver(Properties props) throws SQLException {
				if (cut) {
					throw new SQLException("connection refused (" + SecondWorker.this.name + " is cut off)", "08001");
				}
				return super.getConnectionFromDriver(props);
			}
		};
		JdbcClient jdbc = JdbcClient.create(dataSource);
		TenantTransactions transactions = new TenantTransactions(new DataSourceTransactionManager(dataSource), jdbc);
		DispatchQueueRepository queue = new DispatchQueueRepository(jdbc);
		DispatchRound round = new DispatchRound(queue, new OutboxEventRepository(jdbc), transactions, registry, metrics,
				properties, new RetryPolicy(properties.retryBaseDelay(), properties.retryMaxDelay(),
						() -> ThreadLocalRandom.current().nextDouble()),
				dataSource, jdbc);
		this.dispatcher = new Dispatcher(name, properties, round, queue, dataSource::getConnection, true);
	}

	/** Settings for a second worker: the given threads, batch and lease, quick reconnects, short shutdown. */
	static OutboxProperties properties(OutboxProperties base, String name, int threads, int batch, Duration lease,
			Duration attemptTimeout) {
		return new OutboxProperties(threads, threads * 2, batch, Duration.ofSeconds(30), attemptTimeout, lease,
				base.retryBaseDelay(), base.retryMaxDelay(), Duration.ofSeconds(1), Duration.ofMillis(200), name,
				base.retention(), base.retentionBatchSize(), base.backlogCacheTtl());
	}

	void start() {
		dispatcher.start();
	}

	/** Its sessions are terminated and new connections refused. */
	void cut() {
		cut = true;
		OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = :name""")
			.param("name", name).query(Long.class).single());
	}

	void restore() {
		cut = false;
	}

	@Override
	public void close() {
		dispatcher.stop();
	}
}
