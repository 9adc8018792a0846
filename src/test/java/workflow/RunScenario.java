package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import outbox.Delivery;
import outbox.OutboxPublisher;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Drives JML runs in tests: builds HR events like the HR module publishes them, reads runs
 * through the API and acts on them as the seeded users.
 */
final class RunScenario {

	static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final ApiClient api;
	private final JsonMapper json;
	private final TenantTransactions transactions;
	private final OutboxPublisher outbox;

	RunScenario(ApiClient api, JsonMapper json, TenantTransactions transactions, OutboxPublisher outbox) {
		this.api = api;
		this.json = json;
		this.transactions = transactions;
		this.outbox = outbox;
	}

	/** Publishes an HR event as the HR module does: in an acme unit of work, through the outbox. */
	void publish(CatalogEvent event) {
		transactions.runInTenant("acme", () -> outbox.publish(event));
	}

	/** Publishes a joiner and waits until its manager stage is active; returns the run id. */
	UUID startJoiner(String displayName, String manager) {
		UUID employeeId = UUID.randomUUID();
		publish(new EmployeeHired(employeeId, displayName, email(employeeId), "Engineering", manager, START_DATE));
		UUID runId = awaitRunOf(employeeId);
		awaitActiveStage(runId, "manager_approval");
		return runId;
	}

	/**
	 * Publishes a joiner of {@code email} (whoever's address it is) and returns its run without
	 * waiting for a stage: a joiner with an approver's own address cannot be approved by them.
	 */
	UUID requestJoiner(String displayName, String email, String manager) {
		UUID employeeId = UUID.randomUUID();
		publish(new EmployeeHired(employeeId, displayName, email, "Engineering", manager, START_DATE));
		return awaitRunOf(employeeId);
	}

	/** The employee id of a run. */
	UUID employeeOf(UUID runId) {
		return UUID.fromString(run(runId).get("employeeId").asString());
	}

	static final LocalDate START_DATE = LocalDate.of(2030, 1, 15);

	static EmployeeHired hired(UUID employeeId, String manager) {
		return new EmployeeHired(employeeId, "New Hire " + employeeId.toString().substring(0, 8), email(employeeId),
				"Engineering", manager, START_DATE);
	}

	static String email(UUID employeeId) {
		return "hire-" + employeeId + "@acme.example";
	}

	/** A first delivery of an event of {@code type} in acme, as the dispatcher hands it over. */
	static Delivery delivery(String type) {
		UUID eventId = UUID.randomUUID();
		return new Delivery(eventId, "acme", type, 1, type + ":" + eventId, 1);
	}

	JsonNode get(String user, String path) {
		HttpResponse<String> response = api.get(user, path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	/** The runs of an employee (newest first) as hana sees them. */
	JsonNode runsOf(UUID employeeId) {
		return get("hana", "/v1/workflow-runs?employeeId=" + employeeId).get("items");
	}

	UUID awaitRunOf(UUID employeeId) {
		AtomicReference<UUID> runId = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode items = runsOf(employeeId);
			assertThat(items.size()).isPositive();
			runId.set(UUID.fromString(items.get(0).get("id").asString()));
		});
		return runId.get();
	}

	JsonNode run(UUID runId) {
		return get("hana", "/v1/workflow-runs/" + runId);
	}

	JsonNode awaitStatus(UUID runId, String status) {
		AtomicReference<JsonNode> run = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			run.set(run(runId));
			// the whole run (stages, actions, attention) says why when it never gets there
			assertThat(run.get().get("status").asString()).as("%s", run.get()).isEqualTo(status);
		});
		return run.get();
	}

	/** Waits until the stage is active with all actions settled; returns the stage. */
	JsonNode awaitActiveStage(UUID runId, String stageName) {
		AtomicReference<JsonNode> stage = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode run = run(runId);
			stage.set(stage(run, stageName));
			assertThat(stage.get().get("status").asString()).isEqualTo("active");
		});
		return stage.get();
	}

	static JsonNode stage(JsonNode run, String stageName) {
		for (JsonNode stage : run.get("stages")) {
			if (stage.get("name").asString().equals(stageName)) {
				return stage;
			}
		}
		throw new AssertionError("no stage " + stageName + " in " + run);
	}

	HttpResponse<String> act(String user, UUID runId, String action, String stageId, String comment, String key) {
		Map<String, Object> body = new HashMap<>();
		body.put("stageId", stageId);
		body.put("comment", comment);
		return api.post(user, "/v1/workflow-runs/" + runId + "/" + action, json.writeValueAsString(body), key);
	}

	/** Acts and expects 202; returns the recorded action. */
	JsonNode accepted(String user, UUID runId, String action, String stageId, String comment) {
		HttpResponse<String> response = act(user, runId, action, stageId, comment, UUID.randomUUID().toString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		return json.readTree(response.body());
	}

	/** Approves the named active stage as each user in turn. */
	void approve(UUID runId, String stageName, String... users) {
		String stageId = awaitActiveStage(runId, stageName).get("id").asString();
		for (String user : users) {
			accepted(user, runId, "approve", stageId, null);
		}
	}

	static String id(JsonNode node) {
		return node.get("id").asString();
	}
}
