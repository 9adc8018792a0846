package workflow.definition;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import workflow.WorkflowProperties;
import workflow.start.RunRequests;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.RunTrigger;
import workflow.store.StageRepository;

/**
 * Editing a tenant's definitions over the API: validation against the tenant's groups and their
 * eligible approvers (422 with reasons, nothing saved), versions with history and changes, and
 * runs that keep the version they started with.
 */
@JmlHubIntegrationTest
class DefinitionAdminApiTests {

	static final String JOINER_WITH_SECURITY_QUORUM = """
			{"version":%d,"stages":[
			 {"name":"manager_approval","title":"Manager approval","kind":"approval","assignee":"employee_manager","slaHours":24},
			 {"name":"it_access","title":"IT access approval","kind":"approval","assignee":"it","requiredApprovals":1,"grants":["accounts"],"slaHours":24},
			 {"name":"security_approval","title":"Security approval","kind":"approval","assignee":"security","requiredApprovals":%d,"slaHours":48},
			 {"name":"notify_hr","title":"Notify HR","kind":"notify","assignee":"hr"}]}""";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	RunRepository runs;

	@Autowired
	RunCreation creation;

	@Autowired
	StageRepository stages;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	WorkflowProperties properties;

	ApiClient api;
	String tenant;
	String boss;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		tenant = TestTenants.create(transactions, jdbc, "def", "boss");
		boss = "boss@" + tenant;
	}

	void groupsWithOneSecurityApprover() {
		for (String group : new String[] { "managers", "it", "security", "hr" }) {
			assertThat(api.post(boss, "/v1/admin/groups", "{\"name\":\"" + group + "\"}").statusCode()).isEqualTo(201);
		}
		api.post(boss, "/v1/admin/users", """
				{"username":"sec","displayName":"Sec One","email":"sec@x.example","roles":["APPROVER"],"password":"demo-password-1"}""");
		api.send(boss, "PUT", "/v1/admin/groups/security/members/sec", null);
		api.send(boss, "PUT", "/v1/admin/groups/it/members/sec", null);
	}

	long versionsSaved() {
		return transactions.readInTenant(tenant,
				() -> jdbc.sql("SELECT count(*) FROM workflow_definition_versions").query(Long.class).single());
	}

	@Test
	void theCurrentVersionIsTheTemplateCopy() {
		var joiner = api.get(boss, "/v1/admin/definitions/joiner");
		assertThat(joiner.statusCode()).isEqualTo(200);
		assertThat(joiner.body()).contains("\"version\":1", "\"savedBy\":\"template\"", "\"manager_approval\"",
				"\"it_access\"", "\"security_approval\"", "\"notify_hr\"", "\"requiredApprovals\":2");
		assertThat(api.get(boss, "/v1/admin/definitions").body()).contains("\"joiner\"", "\"mover\"", "\"leaver\"");
		assertThat(api.get(boss, "/v1/admin/definitions/payroll").statusCode()).isEqualTo(404);
		assertThat(api.get("hana", "/v1/admin/definitions/joiner").statusCode()).isEqualTo(403);
	}

	@Test
	void unknownGroupsAndAQuorumLargerThanTheGroupAreRefusedWithReasons() {
		api.get(boss, "/v1/admin/definitions/joiner");
		long saved = versionsSaved();
		var unknown = api.send(boss, "PUT", "/v1/admin/definitions/joiner", JOINER_WITH_SECURITY_QUORUM.formatted(1, 1));
		assertThat(unknown.statusCode()).isEqualTo(422);
		assertThat(unknown.body()).contains("https://jmlhub.dev/problems/unprocessable", "stages[1].assignee",
				"group 'it' does not exist");

		groupsWithOneSecurityApprover();
		var quorum = api.send(boss, "PUT", "/v1/admin/definitions/joiner", JOINER_WITH_SECURITY_QUORUM.formatted(1, 2));
		assertThat(quorum.statusCode()).isEqualTo(422);
		assertThat(quorum.body()).contains("stages[2].requiredApprovals",
				"needs 2 approvals, but group 'security' has 1 eligible approver(s) (sec)");

		var malformed = api.send(boss, "PUT", "/v1/admin/definitions/joiner", """
				{"stages":[{"name":"Bad Name","title":"","kind":"wait","assignee":"employee_manager","requiredApprovals":3,
				 "slaHours":0,"grants":["Not ok"]},{"name":"x","title":"Tell","kind":"notify","assignee":"hr","requiredApprovals":2}]}""");
		assertThat(malformed.statusCode()).isEqualTo(422);
		assertThat(malformed.body()).contains("stages[0].name", "stages[0].title", "stages[0].kind", "stages[0].slaHours",
				"stages[0].grants", "stages[1].requiredApprovals");
		assertThat(api.send(boss, "PUT", "/v1/admin/definitions/joiner", "{\"stages\":[]}").statusCode()).isEqualTo(422);
		assertThat(versionsSaved()).isEqualTo(saved);
		assertThat(api.get(boss, "/v1/admin/definitions/joiner").body()).contains("\"version\":1");
	}

	static final String MANAGER_STAGE_WITH = """
			{"stages":[{"name":"manager_approval","title":"Manager approval","kind":"approval","assignee":"employee_manager",
			 "reminders":%s,"escalation":%s}]}""";

	@Test
	void badRemindersAndEscalationsAreRefusedWithAReasonPerFieldAndAGoodOneIsSavedAsGiven() {
		groupsWithOneSecurityApprover();
		api.get(boss, "/v1/admin/definitions/joiner");
		long saved = versionsSaved();
		var bad = api.send(boss, "PUT", "/v1/admin/definitions/joiner", MANAGER_STAGE_WITH.formatted(
				"{\"firstAfter\":\"-PT1H\",\"every\":\"tomorrow\",\"max\":50}",
				"{\"after\":\"P400D\",\"to\":{\"group\":\"nobody\"},\"warnBefore\":\"P500D\"}"));
		assertThat(bad.statusCode()).isEqualTo(422);
		assertThat(bad.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
		assertThat(bad.body()).contains("stages[0].reminders.firstAfter", "stages[0].reminders.every",
				"'tomorrow' is not an ISO-8601 duration", "stages[0].reminders.max", "must be between 1 and 10",
				"stages[0].escalation.after", "stages[0].escalation.to", "group 'nobody' does not exist",
				"stages[0].escalation.warnBefore");
		var repeatsWithoutEvery = api.send(boss, "PUT", "/v1/admin/definitions/joiner", MANAGER_STAGE_WITH.formatted(
				"{\"firstAfter\":\"PT24H\",\"max\":3}", "{\"after\":\"PT72H\",\"to\":\"the boss\",\"warnBefore\":\"PT72H\"}"));
		assertThat(repeatsWithoutEvery.statusCode()).isEqualTo(422);
		assertThat(repeatsWithoutEvery.body()).contains("stages[0].reminders.every", "is required when max is more than 1",
				"stages[0].escalation.to", "manager_of_manager", "stages[0].escalation.warnBefore", "must be shorter");
		var onNotify = api.send(boss, "PUT", "/v1/admin/definitions/joiner", """
				{"stages":[{"name":"tell","title":"Tell","kind":"notify","assignee":"hr","reminders":{"firstAfter":"PT1H"}}]}""");
		assertThat(onNotify.statusCode()).isEqualTo(422);
		assertThat(onNotify.body()).contains("stages[0].reminders", "only an approval stage has reminders");
		assertThat(versionsSaved()).isEqualTo(saved);

		var good = api.send(boss, "PUT", "/v1/admin/definitions/joiner", MANAGER_STAGE_WITH.formatted(
				"{\"firstAfter\":\"PT24H\",\"every\":\"P1D\",\"max\":3}",
				"{\"after\":\"PT72H\",\"to\":\"manager_of_manager\",\"fallbackGroup\":\"security\",\"addApprover\":true,\"warnBefore\":\"PT24H\"}"));
		assertThat(good.statusCode()).as(good.body()).isEqualTo(200);
		String current = api.get(boss, "/v1/admin/definitions/joiner").body();
		assertThat(current).contains("\"reminders\":{\"firstAfter\":\"PT24H\",\"every\":\"PT24H\",\"max\":3}",
				"\"escalation\":{\"after\":\"PT72H\",\"to\":\"manager_of_manager\",\"fallbackGroup\":\"security\",\"addApprover\":true,\"warnBefore\":\"PT24H\"}");
		assertThat(api.get(boss, "/v1/admin/definitions/joiner/versions").body()).contains("stage manager_approval: reminders: none");
	}

	@Test
	void aSaveIsANewVersionWithHistoryChangesAndAuditAndRunsKeepTheirVersion() {
		groupsWithOneSecurityApprover();
		UUID before = waitingJoiner();

		var saved = api.send(boss, "PUT", "/v1/admin/definitions/joiner", JOINER_WITH_SECURITY_QUORUM.formatted(1, 1));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.body()).contains("\"version\":2", "\"savedBy\":\"boss\"");
		// a save over a version that is no longer current is refused
		assertThat(api.send(boss, "PUT", "/v1/admin/definitions/joiner", JOINER_WITH_SECURITY_QUORUM.formatted(1, 1))
			.statusCode()).isEqualTo(409);
		// saving the same stages again changes nothing
		assertThat(api.send(boss, "PUT", "/v1/admin/definitions/joiner", JOINER_WITH_SECURITY_QUORUM.formatted(2, 1)).body())
			.contains("\"version\":2");

		var versions = api.get(boss, "/v1/admin/definitions/joiner/versions").body();
		assertThat(versions).contains("stage security_approval: required approvals: 2 → 1", "first version");
		// each version keeps all its stages (the history is not the diff)
		assertThat(versions.split("manager_approval", -1)).hasSize(3);
		assertThat(api.get(boss, "/v1/admin/audit?subject=joiner").body()).contains("definition.saved", "\"actor\":\"boss\"");

		UUID after = waitingJoiner();
		assertThat(runVersionAndQuorum(before)).isEqualTo("1/2");
		assertThat(runVersionAndQuorum(after)).isEqualTo("2/1");
	}

	UUID waitingJoiner() {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		return new RunRequests(transactions, definitions, creation, runs, stages, outbox, settings, Clock.systemUTC()).request(tenant,
				RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId, "Vera Version",
						null, null, null, null, null, LocalDate.of(2099, 1, 1)));
	}

	String runVersionAndQuorum(UUID run) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT r.definition_version || '/' || s.required_approvals FROM workflow_runs r
				JOIN workflow_stages s ON s.run_id = r.id AND s.name = 'security_approval' WHERE r.id = :id""")
			.param("id", run).query(String.class).single());
	}
}
