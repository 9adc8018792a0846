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

	@Test
	void pooledConnectionsRunWithoutJitAndParallelWorkers() {
		assertThat(jdbc.sql("SHOW jit").query(String.class).single()).isEqualTo("off");
		assertThat(jdbc.sql("SHOW max_parallel_workers_per_gather").query(String.class).single()).isEqualTo("0");
	}
}
