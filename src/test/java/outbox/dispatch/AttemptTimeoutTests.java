package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeTransferred;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;
import platform.testing.ApiClient;

/**
 * Handlers that hang past the attempt timeout (2 s in the tests) and ignore interrupts: their
 * writes never commit (the server ends the idle transaction, the claim fence refuses a late
 * completion), the retry delivers, and the API keeps answering because hanging attempts only
 * ever hold the handler pool's share of the connections.
 */
@OutboxModuleTest
class AttemptTimeoutTests {

	static final int HANGING = 12;

	@LocalServerPort
	int port;

	@Autowired
	HandlerScript script;

	@Autowired
	TestEvents events;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void hangingHandlersNeitherCommitLateNorStarveTheApi() throws Exception {
		String tenant = TestEvents.newTenant("hang");
		// the handler writes an employee row (a tenant row the rollback must undo), which needs its tenant
		transactions.runInTenant(tenant, () -> jdbc.sql("INSERT INTO tenants (id, name) VALUES (:t, :t)").param("t", tenant).update());
		List<String> keys = IntStream.range(0, HANGING).mapToObj(i -> "hang-" + i).toList();
		for (String key : keys) {
			script.when(tenant, key, delivery -> {
				jdbc.sql("INSERT INTO employees (id, tenant_id, display_name, email, department, start_date, status) "
					+ "VALUES (gen_random_uuid(), :t, :a, :a || '@handler.example', 'test', current_date, 'active')")
					.param("t", tenant).param("a", key + "@" + delivery.attempt()).update();
				if (delivery.attempt() == 1) {
					// past the 2 s attempt timeout, whatever interrupts it gets
					hangIgnoringInterrupts(Duration.ofSeconds(3));
				}
			});
		}
		ApiClient api = new ApiClient(port);
		for (int i = 0; i < 3; i++) {
			// warm: the first call of a user pays the password hash and the JIT
			api.get("ada", "/v1/admin/outbox/backlog");
		}
		events.publishAll(tenant, EmployeeTransferred.TYPE, keys.toArray(String[]::new));
		Thread.sleep(2_200);
		// handler threads are busy with abandoned attempts now; the API still answers at once
		List<Long> millis = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			long start = System.nanoTime();
			HttpResponse<String> backlog = api.get("ada", "/v1/admin/outbox/backlog");
			millis.add((System.nanoTime() - start) / 1_000_000);
			assertThat(backlog.statusCode()).isEqualTo(200);
		}
		assertThat(millis).allMatch(ms -> ms < 1_500);
		await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
			.until(() -> keys.stream().allMatch(key -> events.status(tenant, key).equals("delivered")));
		Thread.sleep(500);
		List<String> committed = transactions.readInTenant(tenant,
				() -> jdbc.sql("SELECT display_name FROM employees ORDER BY display_name").query(String.class).list());
		// only the retries' writes: none of the abandoned first attempts committed, even after returning
		assertThat(committed).containsExactlyInAnyOrderElementsOf(keys.stream().map(key -> key + "@2").toList());
		assertThat(keys).allMatch(key -> events.history(tenant, key).get(0).errorClass()
			.equals(AttemptTimeoutException.class.getName()));
	}

	private static void hangIgnoringInterrupts(Duration time) {
		long deadline = System.nanoTime() + time.toNanos();
		boolean interrupted = false;
		while (System.nanoTime() < deadline) {
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException e) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}
}
