package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.Job;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.OutboxPublisher;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.store.ActionRepository;

/**
 * JML runs end to end: HR events from the HR API or published through the outbox as HR does, the
 * dispatcher and the workflow handlers, the start request hop, the real Temporal worker, the
 * PostgreSQL projection, and decisions through the run API by the seeded users. Re-deliveries are
 * simulated by handing the same event to the handler again, as the dispatcher would.
 */
@JmlHubIntegrationTest
class JmlRunEndToEndTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	List<OutboxEventHandler<?>> handlers;

	@Autowired
	List<Job> jobs;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	ActionRepository actions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	OutboxPublisher outbox;

	RunScenario scenario;

	@BeforeEach
	void setUp() {
		scenario = new RunScenario(new ApiClient(port), json, transactions, outbox);
	}

	/** Hands the event to its production handler, as the dispatcher would. */
	@SuppressWarnings("unchecked")
	<E extends CatalogEvent> void deliver(E event, Delivery delivery) throws Exception {
		OutboxEventHandler<E> handler = (OutboxEventHandler<E>) handlers.stream()
			.filter(h -> h.eventType().equals(event.getClass()))
			.findFirst()
			.orElseThrow();
		handler.handle(event, delivery);
	}

	JsonNode employee(ApiClient api, UUID employeeId) {
		return json.readTree(api.get("hana", "/v1/hr/employees/" + employeeId).body());
	}

	UUID startJoiner(String manager) {
		return scenario.startJoiner("Hire " + UUID.randomUUID().toString().substring(0, 8), manager);
	}

	@Test
	void theHrApiStartsAJoinerThenAMoverThenALeaverRun() {
		ApiClient api = new ApiClient(port);
		String email = "api-" + UUID.randomUUID() + "@acme.example";
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName": "Api Person", "email": "%s", "department": "Engineering", "manager": "manny",
				 "startDate": "2031-03-01"}""".formatted(email));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		UUID employeeId = UUID.fromString(json.readTree(hired.body()).get("id").asString());

		UUID joiner = scenario.awaitRunOf(employeeId);
		scenario.approve(joiner, "manager_approval", "manny");
		scenario.approve(joiner, "it_access", "ivan");
		scenario.approve(joiner, "security_approval", "sara", "sam");
		assertThat(scenario.awaitStatus(joiner, "completed").get("employeeEmail").asString()).isEqualTo(email);

		// the completed joiner moves the employee on (pending_start until 2031): a new version
		await().atMost(RunScenario.TIMEOUT).until(() -> "pending_start".equals(employee(api, employeeId).get("status").asString()));
		var moved = api.post("hana", "/v1/hr/employees/" + employeeId + "/transfer",
				"{\"department\": \"Sales\", \"manager\": \"manny\", \"version\": %d}"
					.formatted(employee(api, employeeId).get("version").asInt()));
		assertThat(moved.statusCode()).as(moved.body()).isEqualTo(200);
		await().atMost(RunScenario.TIMEOUT).until(() -> scenario.runsOf(employeeId).size() == 2);
		UUID mover = UUID.fromString(scenario.runsOf(employeeId).get(0).get("id").asString());
		scenario.approve(mover, "manager_approval", "manny");
		scenario.approve(mover, "it_access_change", "ivan");
		assertThat(scenario.awaitStatus(mover, "completed").get("department").asString()).isEqualTo("Sales");

		var offboarded = api.post("hana", "/v1/hr/employees/" + employeeId + "/offboard",
				"{\"lastDay\": \"2031-12-31\", \"version\": %d}".formatted(employee(api, employeeId).get("version").asInt()));
		assertThat(offboarded.statusCode()).as(offboarded.body()).isEqualTo(200);
		await().atMost(RunScenario.TIMEOUT).until(() -> scenario.runsOf(employeeId).size() == 3);
		UUID leaver = UUID.fromString(scenario.runsOf(employeeId).get(0).get("id").asString());
		scenario.approve(leaver, "manager_confirmation", "manny");
		scenario.approve(leaver, "it_revoke_access", "ivan");
		assertThat(scenario.awaitStatus(leaver, "completed").get("definitionKey").asString()).isEqualTo("leaver");

		await().atMost(RunScenario.TIMEOUT).until(() -> "left".equals(employee(api, employeeId).get("status").asString()));
		assertThat(api.post("hana", "/v1/hr/employees/" + employeeId + "/offboard", "{\"lastDay\": \"2031-12-31\", \"version\": %d}"
			.formatted(employee(api, employeeId).get("version").asInt())).statusCode()).isEqualTo(409);
		assertThat(scenario.runsOf(employeeId)).hasSize(3);
	}

	@Test
	void aRejectCompensatesTheGrantsOfEarlierStages() throws Exception {
		UUID runId = startJoiner("manny");
		scenario.approve(runId, "manager_approval", "manny");
		scenario.approve(runId, "it_access", "ivan");
		String security = RunScenario.id(scenario.awaitActiveStage(runId, "security_approval"));
		assertThat(scenario.act("sara", runId, "reject", security, " ", "k-" + UUID.randomUUID()).statusCode())
			.isEqualTo(400);
		scenario.accepted("sara", runId, "reject", security, "No background check on file");

		JsonNode run = scenario.awaitStatus(runId, "rejected");
		assertThat(RunScenario.stage(run, "security_approval").get("status").asString()).isEqualTo("rejected");
		assertThat(RunScenario.stage(run, "notify_hr").get("status").asString()).isEqualTo("pending");
		JsonNode grant = run.get("grants").get(0);
		assertThat(grant.get("name").asString()).isEqualTo("accounts");
		assertThat(grant.get("status").asString()).isEqualTo("compensated");
		assertThat(grant.get("compensationStep").asInt()).isEqualTo(1);
		assertThat(grant.get("compensationReason").asString()).isEqualTo("rejected");
	}

	@Test
	void aReturnedRunWaitsForResubmitByHrAndAWithdrawEndsIt() throws Exception {
		UUID runId = startJoiner("manny");
		String manager = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));
		scenario.accepted("manny", runId, "return", manager, "Start date looks wrong");
		scenario.awaitStatus(runId, "returned");
		assertThat(scenario.act("manny", runId, "resubmit", null, null, "k-" + UUID.randomUUID()).statusCode())
			.isEqualTo(403);
		scenario.accepted("hana", runId, "resubmit", null, "Fixed");
		JsonNode stage = scenario.awaitActiveStage(runId, "manager_approval");
		assertThat(stage.get("round").asInt()).isEqualTo(1);
		scenario.approve(runId, "manager_approval", "manny");
		scenario.awaitActiveStage(runId, "it_access");
		assertThat(scenario.act("hana", runId, "resubmit", null, null, "k-" + UUID.randomUUID()).statusCode())
			.isEqualTo(409);
		scenario.accepted("hana", runId, "withdraw", null, "Offer declined");

		JsonNode run = scenario.awaitStatus(runId, "withdrawn");
		assertThat(RunScenario.stage(run, "it_access").get("status").asString()).isEqualTo("withdrawn");
		assertThat(scenario.act("hana", runId, "withdraw", null, null, "k-" + UUID.randomUUID()).statusCode())
			.isEqualTo(409);
	}

	@Test
	void decisionsFollowTheRulesAndAnIdempotencyKeyAnswersTheSameAction() throws Exception {
		UUID runId = startJoiner("manny");
		String manager = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));

		assertThat(scenario.act("ivan", runId, "approve", manager, null, "k1").statusCode()).isEqualTo(403);
		assertThat(scenario.act("hana", runId, "approve", manager, null, "k1").statusCode()).isEqualTo(403);
		assertThat(scenario.act("manny", runId, "withdraw", null, null, "k1").statusCode()).isEqualTo(403);
		assertThat(scenario.act("manny", runId, "approve", UUID.randomUUID().toString(), null, "k1").statusCode())
			.as("a stage of no run of ours").isEqualTo(404);
		assertThat(scenario.act("manny", runId, "approve", manager, null, null).statusCode()).isEqualTo(400);
		assertThat(scenario.act("manny", UUID.randomUUID(), "approve", manager, null, "k1").statusCode()).isEqualTo(404);
		assertThat(scenario.act("gus", runId, "approve", manager, null, "k1").statusCode()).isEqualTo(404);
		assertThat(new ApiClient(port).get("gus", "/v1/workflow-runs/" + runId).statusCode()).isEqualTo(404);

		String key = "double-click-" + UUID.randomUUID();
		var first = scenario.act("manny", runId, "approve", manager, null, key);
		var second = scenario.act("manny", runId, "approve", manager, null, key);
		assertThat(first.statusCode()).isEqualTo(202);
		assertThat(second.statusCode()).isEqualTo(202);
		assertThat(json.readTree(second.body()).get("id")).isEqualTo(json.readTree(first.body()).get("id"));
		assertThat(scenario.act("manny", runId, "reject", manager, "other request", key).statusCode()).isEqualTo(409);
		assertThat(scenario.act("manny", runId, "approve", manager, null, "k-" + UUID.randomUUID()).statusCode())
			.isEqualTo(409);

		scenario.awaitActiveStage(runId, "it_access");
		JsonNode run = scenario.run(runId);
		assertThat(run.get("actions")).hasSize(1);
		// the sender records the send right after the signal; the workflow may have moved on first
		await().atMost(Duration.ofSeconds(10))
			.until(() -> scenario.run(runId).get("actions").get(0).get("signalSentAt") != null);
		assertThat(scenario.act("manny", runId, "approve", manager, null, "k-" + UUID.randomUUID()).statusCode())
			.isEqualTo(409);
		assertThat(scenario.get("manny", "/v1/workflow-runs?assignedToMe=true&limit=100").get("items").toString())
			.doesNotContain(runId.toString());
		assertThat(scenario.get("ivan", "/v1/workflow-runs?assignedToMe=true&limit=100").get("items").toString())
			.contains(runId.toString());
	}

	@Test
	void aDecisionWithoutStageIdIsRefusedAndANamedStageThatMovedOnIsStale() throws Exception {
		UUID runId = startJoiner("manny");
		String manager = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));
		var unnamed = scenario.act("manny", runId, "approve", null, null, "k-" + UUID.randomUUID());
		assertThat(unnamed.statusCode()).as(unnamed.body()).isEqualTo(400);
		assertThat(json.readTree(unnamed.body()).get("errors").has("stageId")).isTrue();
		assertThat(scenario.run(runId).get("actions")).as("nothing recorded").isEmpty();
		var approved = scenario.act("manny", runId, "approve", manager, null, "k-" + UUID.randomUUID());
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(202);
		assertThat(json.readTree(approved.body()).get("stageId").asString()).isEqualTo(manager);

		String it = RunScenario.id(scenario.awaitActiveStage(runId, "it_access"));
		var stale = scenario.act("ivan", runId, "approve", manager, null, "k-" + UUID.randomUUID());
		assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
		assertThat(stale.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json.readTree(stale.body()).get("type").asString()).isEqualTo("https://jmlhub.dev/problems/stale");
		assertThat(json.readTree(stale.body()).get("errors").has("stageId")).isTrue();
		assertThat(scenario.run(runId).get("actions")).as("nothing recorded").hasSize(1);

		var current = scenario.act("ivan", runId, "approve", it, null, "k-" + UUID.randomUUID());
		assertThat(current.statusCode()).as(current.body()).isEqualTo(202);
	}

	@Test
	void aFirstStageWithoutEligibleApproverFailsTheStart() throws Exception {
		UUID employeeId = UUID.randomUUID();
		// the employee is manny, the only manager: nobody else may approve
		scenario.publish(new EmployeeHired(employeeId, "Manny Again", "manny@acme.example", "Engineering", null,
				RunScenario.START_DATE));
		UUID runId = scenario.awaitRunOf(employeeId);

		JsonNode run = scenario.awaitStatus(runId, "start_failed");
		assertThat(run.get("statusReason").asString()).contains("managers");
	}

	@Test
	void aReDeliveredEventCreatesNoSecondRunAndNoSecondExecution() throws Exception {
		UUID employeeId = UUID.randomUUID();
		EmployeeHired created = RunScenario.hired(employeeId, "manny");
		Delivery createdDelivery = RunScenario.delivery(EmployeeHired.TYPE);
		deliver(created, createdDelivery);
		deliver(created, createdDelivery);
		UUID runId = scenario.awaitRunOf(employeeId);
		Delivery start = RunScenario.delivery(RunStartRequested.TYPE);
		deliver(new RunStartRequested(runId), start);
		scenario.awaitActiveStage(runId, "manager_approval");
		String execution = scenario.run(runId).get("executionId").asString();
		deliver(new RunStartRequested(runId), start);
		deliver(new RunStartRequested(runId), RunScenario.delivery(RunStartRequested.TYPE));

		assertThat(scenario.runsOf(employeeId)).hasSize(1);
		assertThat(scenario.run(runId).get("executionId").asString()).isEqualTo(execution);
		assertThat(scenario.run(runId).get("workflowId").asString()).isEqualTo("jml-" + runId);
	}

	@Test
	void aMoverAndALeaverRunTheirDefinitions() throws Exception {
		UUID employeeId = UUID.randomUUID();
		scenario.publish(new EmployeeTransferred(employeeId, 2, "Mo Ver", RunScenario.email(employeeId), "Sales",
				"Engineering", "manny", "manny", RunScenario.START_DATE));
		UUID mover = scenario.awaitRunOf(employeeId);
		scenario.approve(mover, "manager_approval", "manny");
		scenario.approve(mover, "it_access_change", "ivan");
		JsonNode moverRun = scenario.awaitStatus(mover, "completed");
		assertThat(moverRun.get("definitionKey").asString()).isEqualTo("mover");
		assertThat(moverRun.get("fromDepartment").asString()).isEqualTo("Sales");

		scenario.publish(new EmployeeOffboarded(employeeId, "Mo Ver", RunScenario.email(employeeId), "Engineering",
				"manny", LocalDate.of(2030, 6, 30)));
		await().atMost(RunScenario.TIMEOUT).until(() -> scenario.runsOf(employeeId).size() == 2);
		UUID leaver = UUID.fromString(scenario.runsOf(employeeId).get(0).get("id").asString());
		scenario.approve(leaver, "manager_confirmation", "manny");
		scenario.approve(leaver, "it_revoke_access", "ivan");
		JsonNode leaverRun = scenario.awaitStatus(leaver, "completed");
		assertThat(leaverRun.get("definitionKey").asString()).isEqualTo("leaver");
		assertThat(leaverRun.get("effectiveDate").asString()).isEqualTo("2030-06-30");
		assertThat(leaverRun.get("grants").get(0).get("name").asString()).isEqualTo("access_revocation");
	}

	@Test
	void aSignalLostBetweenCommitAndSendIsReSentByTheJob() throws Exception {
		UUID runId = startJoiner("manny");
		JsonNode stage = scenario.awaitActiveStage(runId, "manager_approval");
		// what the API transaction commits when the process dies before signalling
		UUID actionId = transactions.inTenant("acme", () -> {
			var action = actions.insert(runId, UUID.fromString(RunScenario.id(stage)), 0, "manny", ActionKind.APPROVE, null,
					"lost-" + UUID.randomUUID()).orElseThrow();
			jdbc.sql("UPDATE workflow_actions SET created_at = created_at - interval '1 minute' WHERE id = :id")
				.param("id", action.id()).update();
			return action.id();
		});
		assertThat(scenario.run(runId).get("actions").get(0).get("signalSentAt")).isNull();

		jobs.stream().filter(job -> job.name().equals("workflow_signal_redelivery")).findFirst().orElseThrow().run();

		scenario.awaitActiveStage(runId, "it_access");
		JsonNode action = scenario.run(runId).get("actions").get(0);
		assertThat(action.get("id").asString()).isEqualTo(actionId.toString());
		assertThat(action.get("signalSentAt")).isNotNull();
		assertThat(action.get("outcome").asString()).isEqualTo("applied");
	}

	@Test
	void aDecisionTheWorkflowIgnoredDoesNotLockItsApproverOut() {
		UUID runId = startJoiner("manny");
		JsonNode stage = scenario.awaitActiveStage(runId, "manager_approval");
		// what is left when the workflow could not apply a decision (its process was gone)
		transactions.runInTenant("acme", () -> {
			var ignored = actions.insert(runId, UUID.fromString(RunScenario.id(stage)), 0, "manny", ActionKind.APPROVE,
					null, "ignored-" + UUID.randomUUID()).orElseThrow();
			actions.settle(ignored.id(), ActionOutcome.IGNORED, "the run's process was gone");
		});

		scenario.accepted("manny", runId, "approve", RunScenario.id(stage), null);

		scenario.awaitActiveStage(runId, "it_access");
		assertThat(scenario.run(runId).get("actions").toString()).contains("\"outcome\":\"ignored\"",
				"\"outcome\":\"applied\"");
	}

	@Test
	void aJoinerIsApprovedByManagerItAndTwoSecurityApproversAndCompletesWithItsGrants() throws Exception {
		UUID runId = startJoiner("manny");
		JsonNode manager = scenario.awaitActiveStage(runId, "manager_approval");
		assertThat(manager.get("assignees").toString()).isEqualTo("[\"manny\"]");
		scenario.approve(runId, "manager_approval", "manny");
		scenario.approve(runId, "it_access", "ivan");
		scenario.approve(runId, "security_approval", "sara");
		scenario.awaitActiveStage(runId, "security_approval");
		scenario.approve(runId, "security_approval", "sam");

		JsonNode run = scenario.awaitStatus(runId, "completed");
		assertThat(RunScenario.stage(run, "security_approval").get("approvals").asInt()).isEqualTo(2);
		assertThat(RunScenario.stage(run, "notify_hr").get("status").asString()).isEqualTo("completed");
		assertThat(run.get("grants")).hasSize(1);
		assertThat(run.get("grants").get(0).get("name").asString()).isEqualTo("accounts");
		assertThat(run.get("grants").get(0).get("status").asString()).isEqualTo("granted");
		assertThat(run.get("actions")).hasSize(4)
			.allSatisfy(action -> assertThat(action.get("outcome").asString()).isEqualTo("applied"));
	}
}
