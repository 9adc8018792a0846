package workflow.start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.temporal.testserver.TestServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import outbox.testing.TcpProxy;
import platform.JmlHubApplication;
import platform.TenantTransactions;
import platform.testing.ApiClient;

/**
 * Temporal goes away while HR hires and stays away for longer than the five attempts a start
 * used to get: every hire's run keeps "retrying, attempt n: Temporal unreachable" (none is
 * {@code start_failed}) and every run starts once Temporal is back. The application, its
 * PostgreSQL and its Temporal server are this test's own (the link to Temporal is a proxy that
 * is cut), so no other test context's worker delivers its start requests; the outbox backoff is
 * shrunk by configuration so that attempt 8 comes within seconds.
 */
class StartOutageTests {

	/**
	 * One hire per dispatcher thread (two by default): each thread retries a start at a time while
	 * Temporal is away, so more hires only lengthen the outage the test must wait through.
	 */
	static final int HIRES = 2;
	/** Failed attempts each start must survive: beyond the former budget of 5. */
	static final int SURVIVED = 8;

	static EmbeddedPostgres postgres;
	static TestServer.PortBoundTestServer temporal;
	static TcpProxy link;
	static ConfigurableApplicationContext app;

	@BeforeAll
	static void start() throws IOException {
		postgres = EmbeddedPostgres.builder().setServerConfig("max_connections", "100").start();
		int temporalPort = freePort();
		temporal = TestServer.createPortBoundServer(temporalPort, true);
		link = new TcpProxy("127.0.0.1", temporalPort);
		String url = "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres";
		app = new SpringApplicationBuilder(JmlHubApplication.class).run("--spring.datasource.url=" + url,
				"--spring.flyway.url=" + url, "--spring.flyway.user=postgres", "--spring.flyway.password=postgres",
				"--jmlhub.demo=true", "--jmlhub.embedded.postgres-active=true",
				"--spring.datasource.hikari.maximum-pool-size=8", "--temporal.target=127.0.0.1:" + link.port(),
				"--temporal.call-timeout=1s", "--outbox.retry-base-delay=100ms", "--outbox.retry-max-delay=500ms");
	}

	@AfterAll
	static void stop() {
		if (app != null) {
			app.close();
		}
		if (link != null) {
			link.close();
		}
		if (temporal != null) {
			temporal.close();
		}
		if (postgres != null) {
			try {
				postgres.close();
			}
			catch (IOException e) {
				throw new UncheckedIOException(e);
			}
		}
	}

	@Test
	void everyRunHiredDuringALongTemporalOutageStartsWhenTemporalReturns() {
		ApiClient api = new ApiClient(app.getEnvironment().getRequiredProperty("local.server.port", Integer.class));
		String batch = UUID.randomUUID().toString().substring(0, 8);
		link.cut();
		try {
			for (int i = 0; i < HIRES; i++) {
				HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", "{\"displayName\":\"Outage " + batch + " "
						+ i + "\",\"email\":\"outage-" + batch + "-" + i + "@acme.example\",\"department\":\"IT\","
						+ "\"manager\":\"manny\",\"startDate\":\"2031-01-01\"}");
				assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
			}
			await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
				List<Map<String, Object>> runs = runs(batch);
				assertThat(runs).hasSize(HIRES);
				assertThat(runs).allSatisfy(run -> {
					assertThat(run.get("status")).isEqualTo("requested");
					assertThat(run.get("start_error")).asString().contains("Temporal");
					assertThat((Integer) run.get("start_attempt")).isGreaterThanOrEqualTo(SURVIVED);
				});
			});
		}
		finally {
			link.restore();
		}
		await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			List<Map<String, Object>> runs = runs(batch);
			assertThat(runs).hasSize(HIRES).allSatisfy(run -> {
				assertThat(run.get("workflow_id")).isNotNull();
				assertThat(run.get("status")).isEqualTo("running");
			});
		});
		assertThat(deadStartRequests()).isZero();
	}

	static List<Map<String, Object>> runs(String batch) {
		return app.getBean(TenantTransactions.class)
			.readInTenant("acme", () -> new ArrayList<>(app.getBean(JdbcClient.class)
				.sql("""
						SELECT status, start_attempt, start_error, workflow_id FROM workflow_runs
						WHERE employee_name LIKE :name""")
				.param("name", "Outage " + batch + " %")
				.query()
				.listOfRows()));
	}

	static int deadStartRequests() {
		return app.getBean(TenantTransactions.class)
			.readInTenant("acme", () -> app.getBean(JdbcClient.class)
				.sql("SELECT count(*) FROM outbox_events WHERE event_type = 'workflow.run.start_requested' AND status = 'failed'")
				.query(Integer.class)
				.single());
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
