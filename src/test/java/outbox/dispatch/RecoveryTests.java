package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import com.zaxxer.hikari.HikariDataSource;

import outbox.catalog.EmployeeHired;
import outbox.store.ClaimedEvent;
import outbox.store.OutboxEventRepository;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TcpProxy;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/**
 * What a crash or an outage leaves behind, and how fast delivery comes back: the claims of a
 * worker killed mid-batch, and a dispatcher whose database link is cut for 12 s.
 */
@OutboxModuleTest
class RecoveryTests {

	@Autowired
	Dispatcher dispatcher;

	@Autowired
	OutboxProperties properties;

	@Autowired
	OutboxEventRepository events;

	@Autowired
	HandlerRegistry registry;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	HandlerScript script;

	@Autowired
	TestEvents testEvents;

	@Autowired
	Environment environment;

	@Test
	void aKilledWorkersTenantGetsNewEventsAtOnceAndTheInFlightOnesAfterOneLease() {
		String tenant = TestEvents.newTenant("killed");
		List<String> inFlight = IntStream.range(0, 50).mapToObj(i -> "in-flight-" + i).toList();
		List<String> pending = IntStream.range(0, 384).mapToObj(i -> "pending-" + i).toList();
		dispatcher.stop();
		try {
			testEvents.publishAll(tenant, EmployeeHired.TYPE, inFlight.toArray(String[]::new));
			// what `kill -9` leaves: 50 claimed by a worker that will never renew or complete them
			List<ClaimedEvent> claimed = events.claimDue(UUID.randomUUID(), "killed#1", properties.eventLease(), 50,
					DispatchRound.GROUP_SIZE);
			assertThat(claimed).extracting(ClaimedEvent::tenantId).contains(tenant);
			testEvents.publishAll(tenant, EmployeeHired.TYPE, pending.toArray(String[]::new));
		}
		finally {
			dispatcher.start();
		}
		long restarted = System.nanoTime();
		testEvents.publish(tenant, EmployeeHired.TYPE, "new-hire");
		await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(20))
			.until(() -> script.deliveries(tenant, "new-hire") == 1
					&& pending.stream().allMatch(key -> script.deliveries(tenant, key) == 1));
		assertThat(inFlight).allMatch(key -> script.deliveries(tenant, key) == 0);

		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
			.until(() -> inFlight.stream().allMatch(key -> testEvents.status(tenant, key).equals("delivered")));
		// one lease (3 s in the tests) and a rescue interval, not minutes
		assertThat(Duration.ofNanos(System.nanoTime() - restarted)).isLessThan(properties.eventLease().multipliedBy(3));
		assertThat(inFlight).allMatch(key -> script.deliveries(tenant, key) == 1);
		assertThat(testEvents.history(tenant, inFlight.get(0))).extracting(TestEvents.AttemptRow::errorClass)
			.containsExactly("outbox.LeaseExpired", null);
	}

	@Test
	void deliveryResumesWithinSecondsAfterATwelveSecondDatabaseOutage() throws Exception {
		String tenant = TestEvents.newTenant("outage");
		String url = environment.getRequiredProperty("spring.datasource.url");
		String host = url.replaceFirst("jdbc:postgresql://([^:/]+).*", "$1");
		int port = Integer.parseInt(url.replaceFirst("jdbc:postgresql://[^:/]+:(\\d+).*", "$1"));
		String proxiedUrl = url.replaceFirst(":" + port + "/", ":%d/");
		try (TcpProxy link = new TcpProxy(host, port); HikariDataSource pool = new HikariDataSource();
				SecondDispatchers partitioned = new SecondDispatchers()) {
			pool.setJdbcUrl(proxiedUrl.formatted(link.port()));
			pool.setUsername(environment.getRequiredProperty("spring.datasource.username"));
			pool.setPassword(environment.getRequiredProperty("spring.datasource.password"));
			pool.setMaximumPoolSize(8);
			pool.setConnectionTimeout(1_000);
			JdbcClient jdbc = JdbcClient.create(pool);
			TenantTransactions cutTransactions = new TenantTransactions(new DataSourceTransactionManager(pool), new JdbcTemplate(pool));
			ListenConnections cutListen = () -> {
				Properties credentials = new Properties();
				credentials.setProperty("user", pool.getUsername());
				credentials.setProperty("password", pool.getPassword());
				credentials.setProperty("connectTimeout", "1");
				return DriverManager.getConnection(pool.getJdbcUrl(), credentials);
			};
			dispatcher.stop();
			List<String> before = IntStream.range(0, 300).mapToObj(i -> "before-" + i).toList();
			List<String> during = IntStream.range(0, 50).mapToObj(i -> "during-" + i).toList();
			before.forEach(key -> script.when(tenant, key, delivery -> Thread.sleep(5)));
			partitioned.start("partitioned", properties, new OutboxEventRepository(jdbc), cutTransactions, registry,
					metrics, cutListen);
			testEvents.publishAll(tenant, EmployeeHired.TYPE, before.toArray(String[]::new));
			await().atMost(Duration.ofSeconds(10)).until(() -> script.deliveries(tenant, "before-20") > 0);

			link.cut();
			for (String key : during) {
				testEvents.publish(tenant, EmployeeHired.TYPE, key);
			}
			Thread.sleep(12_000);
			link.restore();
			long restored = System.nanoTime();

			testEvents.publish(tenant, EmployeeHired.TYPE, "after");
			// seconds, not the lease-sized stall of old: Hikari retries a new connection with a
			// backoff that doubles up to 5 s while the database is away, then the loop retries
			// after listenReconnectDelay and drains what is due before "after"
			Duration resumeBound = Duration.ofSeconds(5).plus(properties.listenReconnectDelay()).plusSeconds(4);
			await().atMost(resumeBound).pollInterval(Duration.ofMillis(50))
				.until(() -> script.deliveries(tenant, "after") == 1);
			assertThat(Duration.ofNanos(System.nanoTime() - restored)).isLessThan(resumeBound);
			await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
				.until(() -> before.stream().allMatch(key -> testEvents.status(tenant, key).equals("delivered"))
						&& during.stream().allMatch(key -> testEvents.status(tenant, key).equals("delivered")));
			// at least once: a handler that ran while its completion was cut off runs again
			assertThat(before).allMatch(key -> script.deliveries(tenant, key) >= 1);
			assertThat(during).allMatch(key -> script.deliveries(tenant, key) == 1);
		}
		finally {
			dispatcher.start();
		}
	}
}
