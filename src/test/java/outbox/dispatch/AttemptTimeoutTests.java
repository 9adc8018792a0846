package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.zaxxer.hikari.HikariDataSource;

import outbox.catalog.EmployeeHired;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.OwnerDatabase;
import outbox.testing.TestEvents;
import outbox.testing.TestEvents.AttemptRow;
import platform.TenantTransactions;

/**
 * A handler that ignores interrupts and blocks past the attempt timeout (2 s in the tests): its
 * transaction is ended (rolled back, connection out of the pool) at the timeout, it is never run
 * twice at once, and the pool the pages and the API use stays available.
 */
@OutboxModuleTest
class AttemptTimeoutTests {

	@Autowired
	HandlerScript script;

	@Autowired
	TestEvents events;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	DataSource dataSource;

	@Autowired
	Environment environment;

	@Test
	void aHandlerThatIgnoresItsTimeoutIsEndedAndNeverRunsTwiceAtOnce() throws Exception {
		String tenant = TestEvents.newTenant("stubborn");
		AtomicInteger running = new AtomicInteger();
		AtomicInteger maxRunning = new AtomicInteger();
		CountDownLatch entered = new CountDownLatch(1);
		script.when(tenant, "stubborn", event -> {
			maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
			try {
				jdbc.sql("INSERT INTO outbox_admin_audit (tenant_id, actor, action, affected) VALUES (:tenant, :actor, 'retry', 0)")
					.param("tenant", tenant).param("actor", "attempt-" + event.attempt()).update();
				if (event.attempt() == 1) {
					entered.countDown();
					long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
					while (System.nanoTime() < until) {
						try {
							Thread.sleep(20);
						}
						catch (InterruptedException ignored) {
							// a badly behaved handler: carries on regardless
						}
					}
				}
			}
			finally {
				running.decrementAndGet();
			}
		});
		HikariDataSource pool = (HikariDataSource) dataSource;
		events.publish(tenant, EmployeeHired.TYPE, "stubborn");
		assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
		long enteredAt = System.nanoTime();

		// after the 2 s timeout, while the handler thread still spins: its session is gone (rolled
		// back) and its connection is no longer taken from the pool
		await().atMost(Duration.ofSeconds(4)).until(() -> idleInTransaction() == 0
				&& pool.getHikariPoolMXBean().getActiveConnections() <= 1);
		assertThat(Duration.ofNanos(System.nanoTime() - enteredAt)).isLessThan(Duration.ofSeconds(5));
		assertThat(running.get()).isEqualTo(1);
		long queryStart = System.nanoTime();
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM outbox_events")
			.query(Long.class).single())).isEqualTo(1);
		assertThat(Duration.ofNanos(System.nanoTime() - queryStart)).isLessThan(Duration.ofMillis(500));

		await().atMost(Duration.ofSeconds(15)).until(() -> events.status(tenant, "stubborn").equals("delivered"));
		assertThat(maxRunning.get()).isEqualTo(1);
		assertThat(script.deliveries(tenant, "stubborn")).isEqualTo(2);
		// the timed-out attempt's write was rolled back with its session
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT actor FROM outbox_admin_audit ORDER BY id")
			.query(String.class).list())).containsExactly("attempt-2");
		assertThat(events.history(tenant, "stubborn")).extracting(AttemptRow::outcome, AttemptRow::errorClass)
			.containsExactly(tuple("retried", AttemptTimeoutException.class.getName()), tuple("delivered", null));
	}

	/** Sessions of the runtime role sitting in a transaction without running a statement. */
	private long idleInTransaction() {
		return OwnerDatabase.with(environment, owner -> owner.sql("""
				SELECT count(*) FROM pg_stat_activity
				WHERE usename = :role AND state LIKE 'idle in transaction%'""")
			.param("role", environment.getRequiredProperty("spring.datasource.username")).query(Long.class).single());
	}
}
