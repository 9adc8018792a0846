package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.temporal.client.WorkflowClient;
import jobs.Job;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunStatus;
import workflow.Runs;
import workflow.StageStatus;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.projection.RunRepository;
import workflow.projection.StageRepository;
import workflow.start.RunRequests;
import workflow.start.RunTrigger;

/**
 * The reconciliation job finds what the workflow cannot report: a run the projection says is
 * running whose execution was terminated, or whose execution Temporal does not know, needs
 * attention, with why and since when, in the API and its status filter; a run whose execution
 * runs is left alone.
 */
@JmlHubIntegrationTest
class ReconciliationTests {

	static final Duration TIMEOUT = Duration.ofSeconds(30);

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Runs runs;

	@Autowired
	RunRepository runRepository;

	@Autowired
	StageRepository stages;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	WorkflowProperties properties;

	@Autowired
	WorkflowClient temporal;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	List<Job> jobs;

	void reconcile() throws Exception {
		jobs.stream().filter(job -> job.name().equals("workflow_reconcile")).findFirst().orElseThrow().run();
	}

	Run run(UUID runId) {
		return runs.detail("acme", runId).run();
	}

	UUID runningJoiner() {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant("acme", () -> outbox.publish(new EmployeeHired(employeeId, "Reconcile Hire",
				"reconcile-" + employeeId + "@acme.example", "Engineering", "manny", LocalDate.of(2030, 1, 15))));
		UUID runId = await().atMost(TIMEOUT)
			.until(() -> runs.list("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
				.findFirst().map(Run::id).orElse(null), id -> id != null);
		await().atMost(TIMEOUT).until(() -> runs.detail("acme", runId).stages().stream()
			.anyMatch(stage -> stage.name().equals("manager_approval") && stage.status() == StageStatus.ACTIVE));
		// started a while ago, as the job only looks at runs past their start
		transactions.runInTenant("acme", () -> jdbc
			.sql("UPDATE workflow_runs SET started_at = started_at - interval '1 minute' WHERE id = :id")
			.param("id", runId)
			.update());
		return runId;
	}

	@Test
	void aRunWhoseExecutionWasTerminatedNeedsAttentionAndARunningOneIsLeftAlone() throws Exception {
		UUID terminated = runningJoiner();
		UUID healthy = runningJoiner();
		temporal.newUntypedWorkflowStub("jml-" + terminated).terminate("operator error");

		reconcile();

		Run attention = run(terminated);
		assertThat(attention.status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(attention.attention().reason()).contains("jml-" + terminated, "terminated", "running");
		assertThat(attention.attention().since()).isNotNull();
		assertThat(attention.attention().tried()).contains("reconciliation", "terminated");
		assertThat(run(healthy).status()).isEqualTo(RunStatus.RUNNING);
		assertThat(run(healthy).attention()).isNull();

		ApiClient api = new ApiClient(port);
		JsonNode detail = json.readTree(api.get("hana", "/v1/workflow-runs/" + terminated).body());
		assertThat(detail.get("status").asString()).isEqualTo("needs_attention");
		assertThat(detail.get("attention").get("reason").asString()).contains("terminated");
		assertThat(detail.get("attention").has("since")).isTrue();
		JsonNode listed = json.readTree(api.get("hana", "/v1/workflow-runs?status=needs_attention&limit=100").body());
		assertThat(listed.get("items").valueStream().map(item -> item.get("id").asString()))
			.contains(terminated.toString())
			.doesNotContain(healthy.toString());
	}

	@Test
	void aRunWhoseExecutionTemporalDoesNotKnowNeedsAttention() throws Exception {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		UUID runId = new RunRequests(transactions, definitions, runRepository, stages, outbox, settings, Clock.systemUTC())
			.request("acme", "joiner", new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId,
					"Lost History", null, null, "manny", null, null, LocalDate.of(2099, 1, 1)));
		// the projection says running on an execution whose history is gone
		transactions.runInTenant("acme", () -> jdbc.sql("""
				UPDATE workflow_runs SET status = 'running', workflow_id = :workflowId, execution_id = 'gone',
				    started_at = now() - interval '1 hour'
				WHERE id = :id
				""").param("id", runId).param("workflowId", "jml-lost-" + runId).update());

		reconcile();

		Run run = run(runId);
		assertThat(run.status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(run.attention().reason()).contains("no longer exists in Temporal");
	}
}
