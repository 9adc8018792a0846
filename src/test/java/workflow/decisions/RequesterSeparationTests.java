package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Separation of duties against the run's requester, end to end through HTTP on real PostgreSQL and
 * the real Temporal worker: rita is HR and an APPROVER (a manager, and the only member of group
 * {@code solo}); dan is the other manager. Runs rita asked for (the HR event names her) are never
 * hers to decide, whatever the path: a decision, the console's buttons, a reassignment, a
 * delegation; a stage only she could approve is blocked, saying why. A definition may allow it.
 */
@JmlHubIntegrationTest
class RequesterSeparationTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);
	private static final String HASH = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode("demo");

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	OutboxPublisher outbox;

	private final JsonMapper json = JsonMapper.builder().build();
	ApiClient api;
	String tenant;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		tenant = TestTenants.create(transactions, jdbc, "sod", "boss");
		user("rita", List.of("HR", "APPROVER"), "managers", "solo");
		user("dan", List.of("APPROVER"), "managers");
		var saved = api.send(at("boss"), "PUT", "/v1/admin/definitions/joiner", """
				{"stages":[
				 {"name":"manager_approval","title":"Manager approval","kind":"approval","assignee":"employee_manager"},
				 {"name":"solo_approval","title":"Solo approval","kind":"approval","assignee":"solo"}]}""");
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(json.readTree(saved.body()).get("requesterMayApprove").asBoolean()).isFalse();
	}

	@Test
	void theRequesterDecidesNoStageOfTheirRunAndAStageOnlyTheyCouldApproveIsBlockedSayingWhy() {
		UUID runId = joiner("rita");
		JsonNode manager = activeStage(runId, "manager_approval");
		// rita is the employee's manager but asked for the run: the stage falls to the other managers
		assertThat(assignees(manager)).containsExactly("dan");
		assertThat(read("rita", "/v1/workflow-runs/" + runId).get("allowedActions").toString()).doesNotContain("approve");

		HttpResponse<String> own = decide("rita", runId, "approve", manager.get("id").asString());
		assertThat(own.statusCode()).as(own.body()).isEqualTo(403);
		assertThat(own.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json.readTree(own.body()).get("type").asString()).isEqualTo("https://jmlhub.dev/problems/separation-of-duties");

		HttpResponse<String> reassigned = api.post(at("boss"), "/v1/workflow-runs/" + runId + "/stages/"
				+ manager.get("id").asString() + "/reassign", "{\"to\":\"rita\",\"reason\":\"she is around\"}");
		assertThat(reassigned.statusCode()).as(reassigned.body()).isEqualTo(409);
		assertThat(json.readTree(reassigned.body()).get("type").asString()).endsWith("/separation-of-duties");

		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		HttpResponse<String> delegated = api.send(at("dan"), "PUT", "/v1/me/delegation",
				"{\"delegate\":\"rita\",\"from\":\"" + today + "\",\"until\":\"" + today.plusDays(2) + "\"}");
		assertThat(delegated.statusCode()).as(delegated.body()).isEqualTo(200);
		assertThat(json.readTree(delegated.body()).get("movedAssignments").asInt()).isZero();
		assertThat(assignees(activeStage(runId, "manager_approval"))).containsExactly("dan");
		assertThat(api.send(at("dan"), "DELETE", "/v1/me/delegation", null).statusCode()).isEqualTo(204);

		assertThat(ConsoleSession.login(port, at("rita")).get("/runs/" + runId).body()).doesNotContain("id=\"button-approve\"");
		assertThat(decide("dan", runId, "approve", manager.get("id").asString()).statusCode()).isEqualTo(202);

		// group solo is rita alone: nobody may approve it
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode current = read("boss", "/v1/workflow-runs?employeeId=" + employeeOf(runId)).get("items").get(0)
				.get("currentStage");
			assertThat(current.get("name").asString()).isEqualTo("solo_approval");
			assertThat(current.get("status").asString()).isEqualTo("blocked");
			assertThat(current.get("blockedReason").asString()).startsWith("separation-of-duties: rita asked for this run");
		});
		assertThat(actionsBy("rita")).as("nothing was decided by rita").isZero();
	}

	@Test
	void aDecisionMustNameItsStageSoARetryNeverApprovesTheNextOne() {
		UUID runId = joiner("dan");
		JsonNode manager = activeStage(runId, "manager_approval");
		HttpResponse<String> unnamed = api.post(at("dan"), "/v1/workflow-runs/" + runId + "/approve", "{}",
				UUID.randomUUID().toString());
		assertThat(unnamed.statusCode()).as(unnamed.body()).isEqualTo(400);
		assertThat(unnamed.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json.readTree(unnamed.body()).get("errors").has("stageId")).isTrue();
		HttpResponse<String> noBody = api.post(at("dan"), "/v1/workflow-runs/" + runId + "/approve", null,
				UUID.randomUUID().toString());
		assertThat(noBody.statusCode()).as(noBody.body()).isEqualTo(400);
		assertThat(read("boss", "/v1/workflow-runs/" + runId).get("actions")).as("nothing recorded").isEmpty();

		assertThat(decide("dan", runId, "approve", manager.get("id").asString()).statusCode()).isEqualTo(202);
		// the same approve re-sent with a new key: the stage it names has moved on, so it is stale
		HttpResponse<String> retried = decide("dan", runId, "approve", manager.get("id").asString());
		assertThat(retried.statusCode()).as(retried.body()).isEqualTo(409);
		assertThat(read("boss", "/v1/workflow-runs/" + runId).get("actions")).hasSize(1);
		// the decision is in the tenant's audit trail
		JsonNode trail = read("boss", "/v1/admin/audit?action=run&subject=" + runId);
		assertThat(trail.size()).isEqualTo(1);
		assertThat(trail.get(0).get("actor").asString()).isEqualTo("dan");
		assertThat(trail.get(0).get("action").asString()).isEqualTo("run.approve");
		assertThat(trail.get(0).get("detail").asString()).contains(manager.get("id").asString());
	}

	@Test
	void aDefinitionMayLetTheRequesterApproveAuditedAndShownOnTheRun() {
		HttpResponse<String> relaxed = api.send(at("boss"), "PUT", "/v1/admin/definitions/joiner", """
				{"requesterMayApprove":true,"stages":[
				 {"name":"manager_approval","title":"Manager approval","kind":"approval","assignee":"employee_manager"}]}""");
		assertThat(relaxed.statusCode()).as(relaxed.body()).isEqualTo(200);
		assertThat(json.readTree(relaxed.body()).get("requesterMayApprove").asBoolean()).isTrue();
		String audit = transactions.readInTenant(tenant, () -> jdbc.sql(
				"SELECT detail::text FROM platform_audit WHERE action = 'definition.saved' ORDER BY id DESC LIMIT 1")
			.query(String.class).single());
		assertThat(audit).contains("the requester of a run may now approve it");

		UUID runId = joiner("rita");
		JsonNode manager = activeStage(runId, "manager_approval");
		assertThat(assignees(manager)).containsExactly("rita");
		JsonNode run = read("rita", "/v1/workflow-runs/" + runId);
		assertThat(run.get("requesterMayApprove").asBoolean()).isTrue();
		assertThat(run.get("allowedActions").toString()).contains("approve");
		assertThat(ConsoleSession.login(port, at("rita")).get("/runs/" + runId).body()).contains("id=\"requester-may-approve\"");
		HttpResponse<String> approved = decide("rita", runId, "approve", manager.get("id").asString());
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(202);
	}

	private HttpResponse<String> decide(String user, UUID runId, String action, String stageId) {
		return api.post(at(user), "/v1/workflow-runs/" + runId + "/" + action, "{\"stageId\":\"" + stageId + "\"}",
				UUID.randomUUID().toString());
	}

	/** A joiner rita asked for, managed by {@code manager}; returns its run once it exists. */
	private UUID joiner(String manager) {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant(tenant, () -> outbox.publish(new EmployeeHired(employeeId, "Hire " + employeeId,
				"hire-" + employeeId + "@x.example", "Engineering", manager, LocalDate.of(2030, 1, 15), "Engineer", "rita")));
		AtomicReference<UUID> run = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode items = read("boss", "/v1/workflow-runs?employeeId=" + employeeId).get("items");
			assertThat(items.size()).isPositive();
			run.set(UUID.fromString(items.get(0).get("id").asString()));
		});
		return run.get();
	}

	private String employeeOf(UUID runId) {
		return read("boss", "/v1/workflow-runs/" + runId).get("employeeId").asString();
	}

	private JsonNode activeStage(UUID runId, String name) {
		AtomicReference<JsonNode> stage = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode run = read("boss", "/v1/workflow-runs/" + runId);
			stage.set(null);
			for (JsonNode s : run.get("stages")) {
				if (s.get("name").asString().equals(name)) {
					stage.set(s);
				}
			}
			assertThat(stage.get()).as("%s", run).isNotNull();
			assertThat(stage.get().get("status").asString()).as("%s", run).isEqualTo("active");
		});
		return stage.get();
	}

	private JsonNode read(String user, String path) {
		HttpResponse<String> response = api.get(at(user), path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	private long actionsBy(String actor) {
		return transactions.readInTenant(tenant, () -> jdbc.sql(
				"SELECT count(*) FROM workflow_actions WHERE actor = :actor").param("actor", actor).query(Long.class).single());
	}

	private static List<String> assignees(JsonNode stage) {
		return stage.get("assignees").valueStream().map(JsonNode::asString).toList();
	}

	private String at(String user) {
		return user + "@" + tenant;
	}

	private void user(String name, List<String> roles, String... groups) {
		transactions.runInTenant(tenant, () -> {
			jdbc.sql("INSERT INTO app_users (username, tenant_id, display_name, email, password_hash) VALUES (:u, :t, :u, :e, :h)")
				.param("u", name).param("t", tenant).param("e", name + "@" + tenant + ".example").param("h", HASH).update();
			for (String role : roles) {
				jdbc.sql("INSERT INTO app_user_roles (tenant_id, username, role) VALUES (:t, :u, :r)")
					.param("t", tenant).param("u", name).param("r", role).update();
			}
			for (String group : groups) {
				jdbc.sql("INSERT INTO app_groups (tenant_id, name) VALUES (:t, :g) ON CONFLICT DO NOTHING")
					.param("t", tenant).param("g", group).update();
				jdbc.sql("INSERT INTO app_group_members (tenant_id, group_name, username) VALUES (:t, :g, :u)")
					.param("t", tenant).param("g", group).param("u", name).update();
			}
		});
	}
}
