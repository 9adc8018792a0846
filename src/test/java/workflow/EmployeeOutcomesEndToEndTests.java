package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import hr.Employee;
import hr.EmployeeService;
import hr.EmployeeStatus;
import hr.data.EmployeeRepository;
import hr.data.EmployeeRunRepository;
import hr.jobs.StarterActivationJob;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import workflow.definition.DefinitionRepository;
import workflow.endings.RunEndings;
import workflow.start.RunRequests;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.RunTrigger;
import workflow.store.StageRepository;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Outcomes flow back to HR end to end: the HR API, the outbox, the real Temporal worker and the
 * run API. A completed joiner makes its employee active on the start date (at once when it has
 * passed, by the activation job under a clock the test sets otherwise), a completed leaver closes
 * the offboarding, and cancelling an offboarding withdraws its leaver run through the outbox.
 */
@JmlHubIntegrationTest
class EmployeeOutcomesEndToEndTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	EmployeeService employees;

	@Autowired
	EmployeeRepository employeeRows;

	@Autowired
	EmployeeRunRepository employeeRuns;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	RunCreation creation;

	@Autowired
	RunRepository runRows;

	@Autowired
	StageRepository stages;

	@Autowired
	RunEndings endings;

	@Autowired
	WorkflowProperties properties;

	ApiClient api;

	RunScenario scenario;

	@BeforeEach
	void setUp() {
		api = new ApiClient(port);
		scenario = new RunScenario(api, json, transactions, outbox);
	}

	UUID hire(String name, LocalDate startDate) {
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName": "%s", "email": "%s@acme.example", "department": "Engineering", "manager": "manny",
				 "startDate": "%s", "allowBackdated": true}""".formatted(name, "outcome-" + UUID.randomUUID(), startDate));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		JsonNode employee = json.readTree(hired.body());
		assertThat(employee.get("status").asString()).isEqualTo("pre_hire");
		return UUID.fromString(employee.get("id").asString());
	}

	/** Offboards as HR does, naming the employee's current version. */
	HttpResponse<String> offboard(UUID employeeId, String lastDay) {
		return api.post("hana", "/v1/hr/employees/" + employeeId + "/offboard", "{\"lastDay\": \"%s\", \"version\": %d}"
			.formatted(lastDay, employee(employeeId).get("version").asInt()));
	}

	JsonNode employee(UUID id) {
		var response = api.get("hana", "/v1/hr/employees/" + id);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	String awaitEmployeeStatus(UUID id, String status) {
		await().atMost(RunScenario.TIMEOUT).untilAsserted(() -> assertThat(employee(id).get("status").asString())
			.as("employee %s", id).isEqualTo(status));
		return status;
	}

	void completeJoiner(UUID runId) {
		scenario.approve(runId, "manager_approval", "manny");
		scenario.approve(runId, "it_access", "ivan");
		scenario.approve(runId, "security_approval", "sara", "sam");
		scenario.awaitStatus(runId, "completed");
	}

	/** The newest leaver run of the employee once there are {@code count} runs. */
	UUID awaitLeaverRun(UUID employeeId, int count) {
		await().atMost(RunScenario.TIMEOUT).until(() -> scenario.runsOf(employeeId).size() == count);
		JsonNode newest = scenario.runsOf(employeeId).get(0);
		assertThat(newest.get("definitionKey").asString()).isEqualTo("leaver");
		return UUID.fromString(newest.get("id").asString());
	}

	@Test
	void aCompletedJoinerMakesTheEmployeeActiveOnTheStartDate() {
		UUID started = hire("Past Start", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		LocalDate later = LocalDate.now(ZoneOffset.UTC).plusDays(30);
		UUID starting = hire("Future Start", later);
		UUID pastRun = scenario.awaitRunOf(started);
		UUID futureRun = scenario.awaitRunOf(starting);
		assertThat(employee(started).get("status").asString()).as("the joiner is open").isEqualTo("pre_hire");

		completeJoiner(pastRun);
		awaitEmployeeStatus(started, "active");

		completeJoiner(futureRun);
		awaitEmployeeStatus(starting, "pending_start");
		// the day before the start date nothing changes; on the start date the job makes it active
		new StarterActivationJob(employees, Clock.fixed(later.minusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC),
				ZoneOffset.UTC), 100).run();
		assertThat(employee(starting).get("status").asString()).isEqualTo("pending_start");
		new StarterActivationJob(employees, Clock.fixed(later.atTime(8, 0).toInstant(ZoneOffset.UTC), ZoneOffset.UTC),
				100).run();
		assertThat(employee(starting).get("status").asString()).isEqualTo("active");
		// a second round changes nothing
		int version = employee(starting).get("version").asInt();
		new StarterActivationJob(employees, Clock.fixed(later.atTime(9, 0).toInstant(ZoneOffset.UTC), ZoneOffset.UTC),
				100).run();
		assertThat(employee(starting).get("version").asInt()).isEqualTo(version);

		JsonNode runs = json.readTree(api.get("hana", "/v1/hr/employees/" + started + "/runs").body());
		assertThat(runs.get(0).get("outcome").asString()).isEqualTo("completed");
		assertThat(runs.get(0).get("runId").asString()).isEqualTo(pastRun.toString());
	}

	@Test
	void aRejectedJoinerCancelsTheHire() {
		UUID employeeId = hire("Rejected Hire", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		UUID runId = scenario.awaitRunOf(employeeId);
		String manager = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));
		scenario.accepted("manny", runId, "reject", manager, "Position closed");
		scenario.awaitStatus(runId, "rejected");
		awaitEmployeeStatus(employeeId, "cancelled");
		assertThat(offboard(employeeId, "2031-12-31")
			.statusCode()).isEqualTo(409);
	}

	@Test
	void aCompletedLeaverClosesTheOffboarding() {
		UUID employeeId = hire("Leaving Person", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		completeJoiner(scenario.awaitRunOf(employeeId));
		awaitEmployeeStatus(employeeId, "active");

		var offboarded = offboard(employeeId, "2031-12-31");
		assertThat(offboarded.statusCode()).as(offboarded.body()).isEqualTo(200);
		assertThat(json.readTree(offboarded.body()).get("status").asString()).isEqualTo("leaving");
		UUID leaver = awaitLeaverRun(employeeId, 2);
		scenario.approve(leaver, "manager_confirmation", "manny");
		scenario.approve(leaver, "it_revoke_access", "ivan");
		scenario.awaitStatus(leaver, "completed");

		awaitEmployeeStatus(employeeId, "left");
		assertThat(employee(employeeId).get("lastDay").asString()).isEqualTo("2031-12-31");
		HttpResponse<String> cancel = api.post("hana", "/v1/hr/employees/" + employeeId + "/offboarding/cancel", null);
		assertThat(cancel.statusCode()).as(cancel.body()).isEqualTo(409);
		assertThat(cancel.headers().firstValue("Content-Type")).hasValue("application/problem+json");
	}

	@Test
	void cancellingAnOffboardingWithdrawsTheLeaverRunAndALaterOffboardingStartsANewOne() {
		UUID employeeId = hire("Staying Person", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		completeJoiner(scenario.awaitRunOf(employeeId));
		awaitEmployeeStatus(employeeId, "active");
		offboard(employeeId, "2031-12-31");
		UUID leaver = awaitLeaverRun(employeeId, 2);
		scenario.awaitActiveStage(leaver, "manager_confirmation");

		assertThat(api.post("manny", "/v1/hr/employees/" + employeeId + "/offboarding/cancel", null).statusCode())
			.as("only HR").isEqualTo(403);
		assertThat(api.post("hana", "/v1/hr/employees/" + employeeId + "/offboarding/cancel", "{\"version\": 99}")
			.statusCode()).as("a stale version").isEqualTo(409);
		HttpResponse<String> cancel = api.post("hana", "/v1/hr/employees/" + employeeId + "/offboarding/cancel", null);
		assertThat(cancel.statusCode()).as(cancel.body()).isEqualTo(200);
		JsonNode back = json.readTree(cancel.body());
		assertThat(back.get("status").asString()).isEqualTo("active");
		assertThat(back.hasNonNull("lastDay")).isFalse();

		JsonNode withdrawn = scenario.awaitStatus(leaver, "withdrawn");
		assertThat(withdrawn.get("actions").toString()).contains("withdraw", "hana");
		await().atMost(RunScenario.TIMEOUT).untilAsserted(() -> assertThat(
				json.readTree(api.get("hana", "/v1/hr/employees/" + employeeId + "/runs").body()).get(0).get("outcome")
					.asString()).isEqualTo("withdrawn"));
		assertThat(employee(employeeId).get("status").asString()).as("a withdrawn leaver closes nothing").isEqualTo("active");

		// offboarding again is a new leaver run, not a replay of the cancelled one
		var again = offboard(employeeId, "2032-01-31");
		assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
		UUID second = awaitLeaverRun(employeeId, 3);
		assertThat(second).isNotEqualTo(leaver);
		scenario.approve(second, "manager_confirmation", "manny");
		scenario.approve(second, "it_revoke_access", "ivan");
		scenario.awaitStatus(second, "completed");
		awaitEmployeeStatus(employeeId, "left");
	}

	/**
	 * A joiner whose start failed (HR heard start_failed) and that an ADMIN then repaired still
	 * activates its employee when it completes: the completion is a second outcome of the same run,
	 * which neither the outbox (its idempotency key) nor HR (its open-run row) may drop.
	 */
	@Test
	void aJoinerRepairedAfterItsStartFailedActivatesTheEmployeeWhenItCompletes() {
		UUID employeeId = UUID.randomUUID();
		String triggerKey = "hr.employee.created:" + employeeId;
		// HR's side of a hire, as EmployeeService records it (the request itself is made below, so it cannot start at once)
		transactions.runInTenant("acme", () -> {
			employeeRows.insert("acme", new Employee(employeeId, null, "Repaired Start", "repaired-" + employeeId + "@acme.example",
					"Engineering", "manny", null, null, null, LocalDate.now(ZoneOffset.UTC).minusDays(1), EmployeeStatus.PRE_HIRE, null, 0,
					null, null));
			employeeRuns.open(triggerKey, employeeId, RunDefinition.JOINER);
		});
		// the workflow's side: a run that waits for its pre-hire start, whose start chain then gives up
		var waiting = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID runId = new RunRequests(transactions, definitions, creation, runRows, stages, outbox, waiting, Clock.systemUTC())
			.request("acme", RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, triggerKey, employeeId,
					"Repaired Start", null, "Engineering", "manny", null, null, LocalDate.of(2099, 1, 1)));
		transactions.runInTenant("acme", () -> assertThat(endings.startRequestFailed(runId, "Temporal unreachable")).isTrue());
		await().atMost(RunScenario.TIMEOUT).untilAsserted(() -> assertThat(
				json.readTree(api.get("hana", "/v1/hr/employees/" + employeeId + "/runs").body()).get(0).get("outcome")
					.asString()).isEqualTo("start_failed"));

		HttpResponse<String> repaired = api.post("ada", "/v1/workflow-runs/" + runId + "/repair", "", "repair-" + runId);
		assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(202);
		completeJoiner(runId);

		awaitEmployeeStatus(employeeId, "active");
		JsonNode runs = json.readTree(api.get("hana", "/v1/hr/employees/" + employeeId + "/runs").body());
		assertThat(runs.get(0).get("outcome").asString()).isEqualTo("completed");
		assertThat(runs.get(0).get("runId").asString()).isEqualTo(runId.toString());
	}

	/**
	 * The tenant's HR triggers end to end: bad offsets are refused with nothing saved; with the mover
	 * trigger on, a department change starts one mover run, and a second change while it is open
	 * starts none but reaches that run's employee snapshot.
	 */
	@Test
	void aDepartmentChangeStartsOneMoverRunWhoseSnapshotFollowsTheNextChange() {
		JsonNode before = json.readTree(api.get("ada", "/v1/admin/hr/triggers").body());
		int version = before.get("version").asInt();
		HttpResponse<String> bad = api.send("ada", "PUT", "/v1/admin/hr/triggers",
				"{\"moverOnChange\": true, \"leaverOnLastDay\": false, \"joinerOnRehire\": false, "
						+ "\"joinerDaysBeforeStart\": 181, \"version\": %d}".formatted(version));
		assertThat(bad.statusCode()).as(bad.body()).isEqualTo(400);
		assertThat(bad.body()).contains("joinerDaysBeforeStart");
		assertThat(json.readTree(api.get("ada", "/v1/admin/hr/triggers").body())).isEqualTo(before);
		HttpResponse<String> saved = api.send("ada", "PUT", "/v1/admin/hr/triggers",
				"{\"moverOnChange\": true, \"leaverOnLastDay\": false, \"joinerOnRehire\": false, \"version\": %d}".formatted(version));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.headers().firstValue("ETag")).contains("\"" + (version + 1) + "\"");
		try {
			UUID employeeId = hire("Trigger Mover", LocalDate.now(ZoneOffset.UTC).minusDays(30));
			completeJoiner(scenario.awaitRunOf(employeeId));
			awaitEmployeeStatus(employeeId, "active");

			employees.change("acme", "hana", employeeId, hr.EmployeeChange.builder().department("Legal").build(),
					hr.ChangeSource.API, employee(employeeId).get("version").asInt());
			await().atMost(RunScenario.TIMEOUT).until(() -> scenario.runsOf(employeeId).size() == 2);
			JsonNode mover = scenario.runsOf(employeeId).get(0);
			assertThat(mover.get("definitionKey").asString()).isEqualTo("mover");
			UUID moverId = UUID.fromString(mover.get("id").asString());

			employees.change("acme", "hana", employeeId, hr.EmployeeChange.builder().title("Counsel").build(),
					hr.ChangeSource.API, employee(employeeId).get("version").asInt());
			await().atMost(RunScenario.TIMEOUT).untilAsserted(() -> assertThat(transactions.readInTenant("acme",
					() -> runRows.find(moverId).orElseThrow().employeeTitle())).isEqualTo("Counsel"));
			assertThat(scenario.runsOf(employeeId).size()).as("no second mover run").isEqualTo(2);
		}
		finally {
			int now = json.readTree(api.get("ada", "/v1/admin/hr/triggers").body()).get("version").asInt();
			api.send("ada", "PUT", "/v1/admin/hr/triggers", "{\"moverOnChange\": false, \"leaverOnLastDay\": false, \"joinerOnRehire\": false, \"version\": %d}"
				.formatted(now));
		}
	}
}
