package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.temporal.client.WorkflowClient;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.Action;
import workflow.ActionOutcome;
import workflow.Run;
import workflow.RunStatus;
import workflow.Runs;
import workflow.StageStatus;
import workflow.testing.AcmeJoiners;

/**
 * The reconciliation job finds what the workflow cannot report: a run the projection says is
 * running whose execution was terminated, or whose execution Temporal does not know, needs
 * attention, with why and since when, in the API and its status filter; a run whose execution
 * runs is left alone.
 */
@JmlHubIntegrationTest
@ExtendWith(AcmeJoiners.Resolver.class)
class ReconciliationTests {

	static final Duration TIMEOUT = AcmeJoiners.TIMEOUT;

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	Runs runs;

	@Autowired
	WorkflowClient temporal;

	@Autowired
	JdbcClient jdbc;

	AcmeJoiners acme;

	@BeforeEach
	void joiners(AcmeJoiners acme) {
		this.acme = acme;
	}

	void reconcile() throws Exception {
		acme.runJob("workflow_reconcile");
	}

	Run run(UUID runId) {
		return acme.run(runId);
	}

	/** A joiner at its manager's stage, started a while ago, as the job only looks at runs past their start. */
	UUID runningJoiner() {
		UUID runId = acme.atManagerApproval("Reconcile Hire", "manny");
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
		acme.approve(api, "manny", runId, "manager_approval");
		acme.awaitActive(runId, "it_access");
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
		acme.approve(api, "ivan", runId, "it_access");
		acme.awaitActive(runId, "security_approval");
		acme.approve(api, "sara", runId, "security_approval");
		acme.approve(api, "sam", runId, "security_approval");
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

		acme.approve(api, "manny", runId, "manager_approval");

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
		acme.runJob("workflow_signal_redelivery");

		// the repair sent the approval again: the manager stage is approved and the run goes on
		acme.awaitActive(runId, "it_access");
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

	@Test
	void aRunWhoseExecutionTemporalDoesNotKnowNeedsAttention() throws Exception {
		UUID runId = acme.waiting("Lost History");
		acme.lostExecution(runId, "running");

		reconcile();

		Run run = run(runId);
		assertThat(run.status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(run.attention().reason()).contains("no longer exists in Temporal");
	}

	@Test
	void aRequestedRunWhoseExecutionVanishedBeforeItsFirstStageNeedsAttentionAndARepairStartsIt() throws Exception {
		UUID lost = acme.waiting("Lost Before Start");
		acme.lostExecution(lost, "requested");
		UUID waiting = acme.waiting("Still Waiting");

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
		acme.awaitActive(lost, "manager_approval");
		assertThat(run(lost).status()).isEqualTo(RunStatus.RUNNING);
		assertThat(run(lost).attention()).isNull();
	}
}
