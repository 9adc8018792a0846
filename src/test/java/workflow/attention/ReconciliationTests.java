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
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.Action;
import workflow.ActionOutcome;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunStatus;
import workflow.Runs;
import workflow.StageStatus;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.StageRepository;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

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
	RunCreation creation;

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
			.until(() -> runs.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
				.findFirst().map(row -> row.run().id()).orElse(null), id -> id != null);
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
	void aTerminatedRunIsRepairedIntoARunThatCompletesWithTheDecisionsMadeBefore() throws Exception {
		UUID runId = runningJoiner();
		ApiClient api = new ApiClient(port);
		String managerStage = stageId(runId, "manager_approval");
		assertThat(act(api, "manny", runId, "approve", managerStage).statusCode()).isEqualTo(202);
		await().atMost(TIMEOUT).until(() -> activeStage(runId, "it_access"));
		temporal.newUntypedWorkflowStub("jml-" + runId).terminate("history cut");
		reconcile();
		assertThat(run(runId).status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		String executionBefore = run(runId).executionId();

		// only an admin repairs, with an Idempotency-Key
		assertThat(api.post("hana", "/v1/workflow-runs/" + runId + "/repair", "", "k-" + runId).statusCode())
			.isEqualTo(403);
		var missingKey = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "");
		assertThat(missingKey.statusCode()).isEqualTo(400);
		assertThat(missingKey.body()).contains("Idempotency-Key");
		var repaired = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "repair-" + runId);
		assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(202);
		JsonNode repair = json.readTree(repaired.body());
		assertThat(repair.get("outcome").asString()).isEqualTo("started");
		assertThat(repair.get("resumedStage").asString()).isEqualTo("it_access");
		assertThat(repair.get("attention").asString()).contains("terminated");
		// a replay answers the same repair; a second repair of a running run is refused
		var replay = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "repair-" + runId);
		assertThat(json.readTree(replay.body()).get("id").asString()).isEqualTo(repair.get("id").asString());
		var again = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "again-" + runId);
		assertThat(again.statusCode()).isEqualTo(409);
		assertThat(again.body()).contains("only a run that needs attention or failed to start can be repaired");

		Run live = run(runId);
		assertThat(live.status()).isEqualTo(RunStatus.RUNNING);
		assertThat(live.attention()).isNull();
		assertThat(live.executionId()).isNotEqualTo(executionBefore).isEqualTo(repair.get("executionId").asString());
		assertThat(json.readTree(api.get("ada", "/v1/workflow-runs/" + runId + "/repairs").body()).get(0).get("actor")
			.asString()).isEqualTo("ada");

		// the manager's approval stands; the run goes on from IT and completes
		assertThat(act(api, "ivan", runId, "approve", stageId(runId, "it_access")).statusCode()).isEqualTo(202);
		await().atMost(TIMEOUT).until(() -> activeStage(runId, "security_approval"));
		String security = stageId(runId, "security_approval");
		assertThat(act(api, "sara", runId, "approve", security).statusCode()).isEqualTo(202);
		assertThat(act(api, "sam", runId, "approve", security).statusCode()).isEqualTo(202);
		await().atMost(TIMEOUT).until(() -> run(runId).status() == RunStatus.COMPLETED);
		assertThat(runs.detail("acme", runId).stages().get(0).status()).isEqualTo(StageStatus.APPROVED);
		assertThat(runs.detail("acme", runId).actions().stream().filter(a -> a.actor().equals("manny")).count())
			.isEqualTo(1);
	}

	@Test
	void aDecisionWhoseWorkflowIsGoneWaitsForTheRepairThatSendsIt() throws Exception {
		UUID runId = runningJoiner();
		temporal.newUntypedWorkflowStub("jml-" + runId).terminate("history lost");
		ApiClient api = new ApiClient(port);

		assertThat(act(api, "manny", runId, "approve", stageId(runId, "manager_approval")).statusCode()).isEqualTo(202);

		// flagged at once (no reconciliation round), the approval kept
		await().atMost(TIMEOUT).until(() -> run(runId).status() == RunStatus.NEEDS_ATTENTION);
		Action approval = approvalOf(runId, "manny");
		assertThat(approval.outcome()).isNull();
		assertThat(approval.undeliverable()).isTrue();
		assertThat(approval.lastSignalError()).contains("waits for an admin to repair the run");
		assertThat(run(runId).attention().reason()).contains("approve of manny", "no running workflow");
		assertThat(platform.testing.ConsoleSession.login(port, "manny").get("/runs/" + runId).body())
			.contains("data-undeliverable=\"" + approval.id() + "\"", "waits for a repair");

		var repaired = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "repair-" + runId);
		assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(202);
		assertThat(json.readTree(repaired.body()).get("resumedStage").asString()).isEqualTo("manager_approval");
		jobs.stream().filter(job -> job.name().equals("workflow_signal_redelivery")).findFirst().orElseThrow().run();

		// the repair sent the approval again: the manager stage is approved and the run goes on
		await().atMost(TIMEOUT).until(() -> activeStage(runId, "it_access"));
		assertThat(approvalOf(runId, "manny").outcome()).isEqualTo(ActionOutcome.APPLIED);
	}

	Action approvalOf(UUID runId, String actor) {
		return runs.detail("acme", runId).actions().stream().filter(action -> action.actor().equals(actor)).findFirst()
			.orElseThrow();
	}

	@Test
	void theNeedsAttentionPageListsWhatCannotGoOnByItself() throws Exception {
		UUID runId = runningJoiner();
		temporal.newUntypedWorkflowStub("jml-" + runId).terminate("operator error");
		reconcile();

		var ada = platform.testing.ConsoleSession.login(port, "ada");
		String page = ada.get("/admin/attention").body();
		assertThat(page).contains("id=\"attention-runs\"", "data-run=\"" + runId + "\"", "terminated");
		assertThat(platform.testing.ConsoleSession.login(port, "hana").get("/admin/attention").statusCode()).isEqualTo(403);
		String runPage = ada.get("/runs/" + runId).body();
		assertThat(runPage).contains("id=\"run-attention\"", "id=\"form-repair\"");
		assertThat(platform.testing.ConsoleSession.login(port, "hana").get("/runs/" + runId).body())
			.contains("id=\"run-attention\"").doesNotContain("id=\"form-repair\"");
		assertThat(ada.get("/runs?status=needs_attention").body()).contains("/runs/" + runId);
	}

	String stageId(UUID runId, String name) {
		return runs.detail("acme", runId).stages().stream().filter(stage -> stage.name().equals(name)).findFirst()
			.orElseThrow().id().toString();
	}

	boolean activeStage(UUID runId, String name) {
		return runs.detail("acme", runId).stages().stream()
			.anyMatch(stage -> stage.name().equals(name) && stage.status() == StageStatus.ACTIVE);
	}

	java.net.http.HttpResponse<String> act(ApiClient api, String user, UUID runId, String action, String stageId) {
		return api.post(user, "/v1/workflow-runs/" + runId + "/" + action, "{\"stageId\":\"" + stageId + "\"}",
				UUID.randomUUID().toString());
	}

	/** A joiner that waits for its pre-hire start, so that nothing but the test moves it. */
	UUID waitingJoiner(String name) {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		return new RunRequests(transactions, definitions, creation, runRepository, stages, outbox, settings, Clock.systemUTC())
			.request("acme", RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId,
					name, null, null, "manny", null, null, LocalDate.of(2099, 1, 1)));
	}

	/** The projection says {@code status} on an execution whose history is gone. */
	void lostExecution(UUID runId, String status) {
		transactions.runInTenant("acme", () -> jdbc.sql("""
				UPDATE workflow_runs SET status = :status, workflow_id = :workflowId, execution_id = 'gone',
				    started_at = now() - interval '1 hour'
				WHERE id = :id
				""").param("id", runId).param("status", status).param("workflowId", "jml-lost-" + runId).update());
	}

	@Test
	void aRunWhoseExecutionTemporalDoesNotKnowNeedsAttention() throws Exception {
		UUID runId = waitingJoiner("Lost History");
		lostExecution(runId, "running");

		reconcile();

		Run run = run(runId);
		assertThat(run.status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(run.attention().reason()).contains("no longer exists in Temporal");
	}

	@Test
	void aRequestedRunWhoseExecutionVanishedBeforeItsFirstStageNeedsAttentionAndARepairStartsIt() throws Exception {
		UUID lost = waitingJoiner("Lost Before Start");
		lostExecution(lost, "requested");
		UUID waiting = waitingJoiner("Still Waiting");

		reconcile();

		Run run = run(lost);
		assertThat(run.status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(run.attention().reason()).contains("jml-lost-" + lost, "no longer exists in Temporal");
		// a requested run without an execution is the start chain's (or the pre-hire wait's), not the reconciliation's
		assertThat(run(waiting).status()).isEqualTo(RunStatus.REQUESTED);
		assertThat(run(waiting).attention()).isNull();

		var repaired = new ApiClient(port).post("ada", "/v1/workflow-runs/" + lost + "/repair", "", "repair-" + lost);
		assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(202);
		assertThat(json.readTree(repaired.body()).get("resumedStage").asString()).isEqualTo("manager_approval");
		await().atMost(TIMEOUT).until(() -> activeStage(lost, "manager_approval"));
		assertThat(run(lost).status()).isEqualTo(RunStatus.RUNNING);
		assertThat(run(lost).attention()).isNull();
	}
}
