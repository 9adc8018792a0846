package platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.testing.JmlHubIntegrationTest;

/**
 * The application's pooled connections turn off what costs short OLTP statements more than it
 * saves. The test server may lack JIT support (then the setting is inert), but the setting itself
 * must arrive: on a server with LLVM it decides whether the outbox claim takes 2.4 or 40 ms.
 */
@JmlHubIntegrationTest
class DatabaseSessionSettingsTests {

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TenantTransactions transactions;

	@Test
	void pooledConnectionsRunWithoutJitAndParallelWorkers() {
		assertThat(jdbc.sql("SHOW jit").query(String.class).single()).isEqualTo("off");
		assertThat(jdbc.sql("SHOW max_parallel_workers_per_gather").query(String.class).single()).isEqualTo("0");
	}

	/**
	 * A read is one snapshot (REPEATABLE READ), read-only, planned for its parameters and scoped to
	 * its tenant, all set on the transaction: the session and the next unit of work on the same
	 * pooled connection keep PostgreSQL's defaults.
	 */
	@Test
	void aReadIsOneReadOnlySnapshotThatLeavesTheSessionAsItWas() {
		String read = transactions.readInTenant("acme", () -> String.join(",", show("transaction_isolation"),
				show("transaction_read_only"), show("plan_cache_mode"), show("app.tenant_id")));
		assertThat(read).isEqualTo("repeatable read,on,force_custom_plan,acme");

		for (int i = 0; i < 25; i++) { // more than the pool's connections: the read's connection is among them
			String write = transactions.inTenant("acme", () -> String.join(",", show("transaction_isolation"),
					show("transaction_read_only"), show("plan_cache_mode")));
			assertThat(write).isEqualTo("read committed,off,auto");
		}
	}

	private String show(String setting) {
		return jdbc.sql("SELECT current_setting(:name)").param("name", setting).query(String.class).single();
	}
}
