package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.RunStatus;
import workflow.Runs;
import workflow.store.RunRepository;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/**
 * A repair while Temporal is down (an api node whose {@code TEMPORAL_TARGET} is a closed port):
 * the API answers 503 problem+json with {@code Retry-After} and the type
 * {@code temporal-unavailable} within the call deadline, the failed attempt is recorded and the
 * run still needs attention; the same request tries again (another 503, not a replay of the
 * failure); the console says so inline and offers the repair again.
 */
@JmlHubIntegrationTest
@TestPropertySource(properties = { "APP_ROLES=api", "temporal.call-timeout=1s" })
class RepairWithTemporalDownTests {

	static final Duration DEADLINE = Duration.ofSeconds(1);

	@DynamicPropertySource
	static void unreachableTemporal(DynamicPropertyRegistry registry) {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		registry.add("temporal.target", () -> "127.0.0.1:" + closedPort);
	}

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	RunRequests requests;

	@Autowired
	RunRepository runRepository;

	@Autowired
	Runs runs;

	@Autowired
	JdbcClient jdbc;

	/** A joiner run that was running on its first stage and now needs attention (its execution is gone). */
	UUID runNeedingAttention() {
		UUID employeeId = UUID.randomUUID();
		UUID runId = requests.request("acme", RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), "hr.employee.created",
				"hr.employee.created:" + employeeId, employeeId, "Outage Repair", "repair-" + employeeId + "@acme.example",
				"Engineering", "manny", null, null, LocalDate.of(2030, 1, 15)));
		transactions.runInTenant("acme", () -> {
			jdbc.sql("""
					UPDATE workflow_runs SET status = 'running', workflow_id = 'jml-' || id, execution_id = 'gone',
					    started_at = now(), current_stage_id = (SELECT id FROM workflow_stages s
					        WHERE s.run_id = workflow_runs.id ORDER BY s.position LIMIT 1)
					WHERE id = :id""").param("id", runId).update();
			assertThat(runRepository.markNeedsAttention(runId, "execution jml-" + runId + " was terminated",
					"reconciliation", Instant.now())).isTrue();
		});
		return runId;
	}

	@Test
	void aRepairWithTemporalDownIsA503WithRetryAfterAndTheRunStillNeedsAttention() {
		UUID runId = runNeedingAttention();
		ApiClient api = new ApiClient(port);
		String key = "repair-down-" + runId;

		long started = System.nanoTime();
		HttpResponse<String> down = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", key);
		Duration took = Duration.ofNanos(System.nanoTime() - started);

		assertThat(down.statusCode()).as(down.body()).isEqualTo(503);
		assertThat(took).isLessThan(DEADLINE.multipliedBy(10));
		assertThat(down.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(down.headers().firstValue("Retry-After")).hasValueSatisfying(
				seconds -> assertThat(Integer.parseInt(seconds)).isPositive());
		JsonNode problem = json.readTree(down.body());
		assertThat(problem.get("type").asString()).isEqualTo("https://jmlhub.dev/problems/temporal-unavailable");
		assertThat(problem.get("status").asInt()).isEqualTo(503);
		assertThat(problem.get("detail").asString()).contains("not repaired", "still needs attention");

		assertThat(runs.detail("acme", runId).run().status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(runs.detail("acme", runId).run().attention().tried()).contains("repair by ada failed");
		JsonNode repairs = json.readTree(api.get("ada", "/v1/workflow-runs/" + runId + "/repairs").body());
		assertThat(repairs).hasSize(1);
		assertThat(repairs.get(0).get("outcome").asString()).isEqualTo("failed");

		// the same request tries again: still down, so again a 503 (and still one repair row)
		HttpResponse<String> again = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", key);
		assertThat(again.statusCode()).as(again.body()).isEqualTo(503);
		assertThat(json.readTree(api.get("ada", "/v1/workflow-runs/" + runId + "/repairs").body())).hasSize(1);
	}

	@Test
	void theConsoleShowsAReadableErrorAndOffersTheRepairAgain() {
		UUID runId = runNeedingAttention();
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		assertThat(ada.get("/runs/" + runId).body()).contains("id=\"form-repair\"");

		HttpResponse<String> panel = ada.htmxPost("/runs/" + runId + "/repair",
				Map.of("idempotencyKey", "console-down-" + runId));
		assertThat(panel.statusCode()).isEqualTo(200);
		assertThat(panel.body()).contains("id=\"action-error\"", "Temporal is not answering right now",
				"still needs attention", "id=\"form-repair\"");
		assertThat(runs.detail("acme", runId).run().status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
	}
}
