package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tenant of its own for the delegation tests (password {@code demo}): admin {@code boss}; mona
 * (managers and it), dave, eve (managers), ivy (it), all APPROVERs; carl (HR). Its joiner: the
 * employee's manager, then IT (whose approver must differ from the manager stage's), then a
 * notification. Runs come from HR events published in the tenant, as HR does.
 */
final class DelegationTenant {

	static final Duration TIMEOUT = Duration.ofSeconds(60);
	private static final String HASH = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode("demo");

	final String id;
	private final ApiClient api;
	private final TenantTransactions transactions;
	private final JdbcClient jdbc;
	private final OutboxPublisher outbox;
	private final JsonMapper json = JsonMapper.builder().build();

	DelegationTenant(ApiClient api, TenantTransactions transactions, JdbcClient jdbc, OutboxPublisher outbox) {
		this.api = api;
		this.transactions = transactions;
		this.jdbc = jdbc;
		this.outbox = outbox;
		this.id = TestTenants.create(transactions, jdbc, "dlg", "boss");
		user("mona", "APPROVER", "managers", "it");
		user("dave", "APPROVER", "managers");
		user("ivy", "APPROVER", "it");
		user("eve", "APPROVER", "managers");
		user("carl", "HR");
		group("security");
		group("hr");
		var saved = api.send(boss(), "PUT", "/v1/admin/definitions/joiner", """
				{"stages":[
				 {"name":"manager_approval","title":"Manager approval","kind":"approval","assignee":"employee_manager"},
				 {"name":"it_access","title":"IT access","kind":"approval","assignee":"it","grants":["accounts"],
				  "distinctFrom":"manager_approval"},
				 {"name":"notify_hr","title":"Notify HR","kind":"notify","assignee":"hr"}]}""");
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.body()).contains("\"distinctFrom\":\"manager_approval\"");
	}

	String boss() {
		return at("boss");
	}

	String at(String user) {
		return user + "@" + id;
	}

	private void user(String name, String role, String... groups) {
		transactions.runInTenant(id, () -> {
			jdbc.sql("INSERT INTO app_users (username, tenant_id, display_name, email, password_hash) VALUES (:u, :t, :u, :e, :h)")
				.param("u", name).param("t", id).param("e", name + "@" + id + ".example").param("h", HASH).update();
			jdbc.sql("INSERT INTO app_user_roles (tenant_id, username, role) VALUES (:t, :u, :r)")
				.param("t", id).param("u", name).param("r", role).update();
			for (String group : groups) {
				jdbc.sql("INSERT INTO app_groups (tenant_id, name) VALUES (:t, :g) ON CONFLICT DO NOTHING")
					.param("t", id).param("g", group).update();
				jdbc.sql("INSERT INTO app_group_members (tenant_id, group_name, username) VALUES (:t, :g, :u)")
					.param("t", id).param("g", group).param("u", name).update();
			}
		});
	}

	private void group(String name) {
		transactions.runInTenant(id, () -> jdbc.sql("INSERT INTO app_groups (tenant_id, name) VALUES (:t, :g) ON CONFLICT DO NOTHING")
			.param("t", id).param("g", name).update());
	}

	/** Publishes a joiner as HR does and waits for its manager stage; returns the run id. */
	UUID joiner(String name, String email, String manager) {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant(id, () -> outbox.publish(new EmployeeHired(employeeId, name, email, "Engineering", manager,
				LocalDate.of(2030, 1, 15))));
		AtomicReference<UUID> run = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode items = read(boss(), "/v1/workflow-runs?employeeId=" + employeeId).get("items");
			assertThat(items.size()).isPositive();
			run.set(UUID.fromString(items.get(0).get("id").asString()));
		});
		activeStage(run.get(), "manager_approval");
		return run.get();
	}

	UUID joiner(String email, String manager) {
		return joiner("Hire " + UUID.randomUUID().toString().substring(0, 6), email, manager);
	}

	JsonNode read(String user, String path) {
		HttpResponse<String> response = api.get(user, path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	/** Waits until the run's stage is active; returns it as the API shows it. */
	JsonNode activeStage(UUID runId, String name) {
		AtomicReference<JsonNode> stage = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode run = read(boss(), "/v1/workflow-runs/" + runId);
			for (JsonNode s : run.get("stages")) {
				if (s.get("name").asString().equals(name)) {
					stage.set(s);
				}
			}
			assertThat(stage.get()).isNotNull();
			assertThat(stage.get().get("status").asString()).as("%s", run).isEqualTo("active");
		});
		return stage.get();
	}

	void awaitRunStatus(UUID runId, String status) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode run = read(boss(), "/v1/workflow-runs/" + runId);
			assertThat(run.get("status").asString()).as("%s", run).isEqualTo(status);
		});
	}

	long audited(String action) {
		return transactions.readInTenant(id, () -> jdbc.sql("SELECT count(*) FROM platform_audit WHERE action = :a")
			.param("a", action).query(Long.class).single());
	}

	static List<String> assignees(JsonNode stage) {
		return stage.get("assignees").valueStream().map(JsonNode::asString).toList();
	}
}
