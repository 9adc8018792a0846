package provisioning.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Provisioning's end-to-end tests play runs through the public API as people would: HR ({@code hana})
 * hires into Engineering under manny, the seeded approvers decide each stage once it is active, and
 * the test waits for the run to get where it looks. Every read must answer 200.
 */
public final class JoinerFixture {

	public static final Duration TIMEOUT = Duration.ofSeconds(60);

	/** A hired employee: its id and work email ({@code username} is the email's local part). */
	public record Hire(UUID id, String email) {

		public String username() {
			return email.substring(0, email.indexOf('@'));
		}
	}

	private final ApiClient api;
	private final JsonMapper json;

	public JoinerFixture(ApiClient api, JsonMapper json) {
		this.api = api;
		this.json = json;
	}

	/** HR hires {@code name} into Engineering (manager manny) from {@code startDate}, with an email of {@code prefix}. */
	public Hire hire(String prefix, String name, LocalDate startDate) {
		return hire(prefix, name, startDate, "Engineering");
	}

	/** HR hires {@code name} into {@code department} (manager manny) from {@code startDate}, with an email of {@code prefix}. */
	public Hire hire(String prefix, String name, LocalDate startDate, String department) {
		String email = prefix + "-" + UUID.randomUUID().toString().substring(0, 12) + "@acme.example";
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName": "%s", "email": "%s", "department": "%s", "manager": "manny",
				 "startDate": "%s", "allowBackdated": true}""".formatted(name, email, department, startDate));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		return new Hire(UUID.fromString(json.readTree(hired.body()).get("id").asString()), email);
	}

	/** The employee's newest run, once there is one. */
	public UUID awaitRunOf(UUID employeeId) {
		return awaitRunOf(employeeId, 1);
	}

	/** The employee's newest run, once there are {@code runs} of them. */
	public UUID awaitRunOf(UUID employeeId, int runs) {
		AtomicReference<UUID> run = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode items = get("hana", "/v1/workflow-runs?employeeId=" + employeeId).get("items");
			assertThat(items.size()).isEqualTo(runs);
			run.set(UUID.fromString(items.get(0).get("id").asString()));
		});
		return run.get();
	}

	/** The run's stage {@code name} once it is active and the run's current stage, as the run API shows it. */
	public JsonNode awaitActiveStage(UUID run, String name) {
		AtomicReference<JsonNode> stage = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode shown = get("hana", "/v1/workflow-runs/" + run);
			JsonNode found = null;
			for (JsonNode candidate : shown.get("stages")) {
				if (candidate.get("name").asString().equals(name)) {
					found = candidate;
				}
			}
			assertThat(found).as("stage %s of %s", name, shown).isNotNull();
			assertThat(found.get("status").asString()).isEqualTo("active");
			assertThat(shown.get("currentStageId").asString()).isEqualTo(found.get("id").asString());
			stage.set(found);
		});
		return stage.get();
	}

	/** Each of {@code users} approves stage {@code stage} once it is active. */
	public void approve(UUID run, String stage, String... users) {
		String stageId = awaitActiveStage(run, stage).path("id").asString();
		for (String user : users) {
			act(user, run, "approve", stageId, null);
		}
	}

	/** {@code user} takes {@code action} on stage {@code stageId}; the API accepts it (202). */
	public void act(String user, UUID run, String action, String stageId, String comment) {
		Map<String, Object> body = new HashMap<>();
		body.put("stageId", stageId);
		body.put("comment", comment);
		HttpResponse<String> response = api.post(user, "/v1/workflow-runs/" + run + "/" + action,
				json.writeValueAsString(body), UUID.randomUUID().toString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
	}

	public void awaitRunStatus(UUID run, String status) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode shown = get("hana", "/v1/workflow-runs/" + run);
			assertThat(shown.get("status").asString()).as("%s", shown).isEqualTo(status);
		});
	}

	/** A read as {@code user}, which must answer 200. */
	public JsonNode get(String user, String path) {
		HttpResponse<String> response = api.get(user, path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}
}
