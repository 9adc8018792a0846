package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import outbox.catalog.RunDefinition;
import workflow.RunStatus;
import workflow.Runs;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.endings.RunEndings;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.StageRepository;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/**
 * A run that failed to start is not lost: an ADMIN's repair starts it (202, the reason it failed
 * kept on the repair), and the needs-attention page starts every such run in one action, one
 * result per run.
 */
@JmlHubIntegrationTest
class StartFailedRepairTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	RunCreation creation;

	@Autowired
	RunRepository runRepository;

	@Autowired
	StageRepository stages;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	WorkflowProperties properties;

	@Autowired
	RunEndings endings;

	@Autowired
	Runs runs;

	/** A joiner run whose start chain gave up (it waited for a pre-hire start, so no worker started it). */
	UUID startFailedRun(String reason) {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		UUID runId = new RunRequests(transactions, definitions, creation, runRepository, stages, outbox, settings, Clock.systemUTC())
			.request("acme", RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId,
					"Failed Start", null, null, "manny", null, null, LocalDate.of(2099, 1, 1)));
		transactions.runInTenant("acme", () -> assertThat(endings.startRequestFailed(runId, reason)).isTrue());
		return runId;
	}

	void awaitRunning(UUID runId) {
		await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
			.untilAsserted(() -> assertThat(runs.detail("acme", runId).run().status()).isEqualTo(RunStatus.RUNNING));
	}

	@Test
	void aRepairStartsARunThatFailedToStartAndKeepsTheReason() {
		UUID runId = startFailedRun("gave up after 30 attempts: Temporal unreachable");
		ApiClient api = new ApiClient(port);

		HttpResponse<String> repaired = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "start-" + runId);

		assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(202);
		JsonNode repair = json.readTree(repaired.body());
		assertThat(repair.get("outcome").asString()).isEqualTo("started");
		assertThat(repair.get("attention").asString()).isEqualTo("gave up after 30 attempts: Temporal unreachable");
		awaitRunning(runId);
		assertThat(runs.detail("acme", runId).run().workflowId()).isEqualTo("jml-" + runId);
		// the same request answers the same repair
		HttpResponse<String> again = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "start-" + runId);
		assertThat(json.readTree(again.body()).get("id").asString()).isEqualTo(repair.get("id").asString());
	}

	@Test
	void theConsoleOffersTheRepairOfARunThatFailedToStart() {
		UUID runId = startFailedRun("permanent failure: namespace missing");
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		assertThat(ada.get("/runs/" + runId).body()).contains("id=\"form-repair\"", "Repair starts the run again");
	}

	@Test
	void theNeedsAttentionPageStartsEveryRunThatFailedToStartInOneAction() {
		UUID first = startFailedRun("gave up after 30 attempts: Temporal unreachable");
		UUID second = startFailedRun("gave up after 30 attempts: Temporal unreachable");
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		assertThat(ada.get("/admin/attention").body()).contains("id=\"form-restart-all\"");

		HttpResponse<String> page = ada.post("/admin/attention/repair-all",
				Map.of("status", "start_failed", "idempotencyKey", "bulk-" + first));

		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"bulk-result\"", "data-run=\"" + first + "\"", "data-run=\"" + second + "\"");
		awaitRunning(first);
		awaitRunning(second);
		assertThat(runs.repairs("acme", first)).singleElement().satisfies(repair -> {
			assertThat(repair.actor()).isEqualTo("ada");
			assertThat(repair.attention()).isEqualTo("gave up after 30 attempts: Temporal unreachable");
		});
	}

	@Test
	void aRepairAllOfNothingNamedIsRefusedInline() {
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		HttpResponse<String> page = ada.post("/admin/attention/repair-all", Map.of("idempotencyKey", "bulk-none"));
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"bulk-error\"");
	}
}
