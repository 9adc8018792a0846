package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The served OpenAPI document is honest where integrators look first, and the API does what it
 * says: names, security schemes, real success codes, problem+json errors on every operation,
 * required headers and fields, unknown fields refused by name, and the caller's allowedActions on a run.
 */
@JmlHubIntegrationTest
class OpenApiContractTests {

	@LocalServerPort
	int port;

	final JsonMapper json = JsonMapper.builder().build();

	JsonNode document() {
		var response = new ApiClient(port).get(null, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		return json.readTree(response.body());
	}

	@Test
	void theDocumentNamesTheApiAndBothWaysToAuthenticate() {
		JsonNode doc = document();
		assertThat(doc.get("info").get("title").asString()).isEqualTo("JML Hub API");
		assertThat(doc.get("info").get("version").asString()).isNotEqualTo("v0");
		assertThat(doc.get("info").get("description").asString()).contains("Bearer", "problem+json");
		JsonNode schemes = doc.get("components").get("securitySchemes");
		assertThat(schemes.get("apiToken").get("scheme").asString()).isEqualTo("bearer");
		assertThat(schemes.get("basic").get("scheme").asString()).isEqualTo("basic");
		assertThat(doc.get("security").toString()).contains("apiToken", "basic");
		assertThat(doc.get("components").get("schemas").has("Problem")).as("what every error response refers to").isTrue();
	}

	@Test
	void updatesDocumentTheirPreconditionsAndDecisionsTheStageTheyDecide() {
		JsonNode paths = document().get("paths");
		for (String update : List.of("/v1/hr/employees/{id}/transfer", "/v1/hr/employees/{id}/offboard")) {
			JsonNode operation = paths.get(update).get("post");
			assertThat(operation.get("parameters").toString()).as(update).contains("\"name\":\"If-Match\"", "\"in\":\"header\"");
			JsonNode responses = operation.get("responses");
			assertThat(responses.get("412").get("description").asString()).as(update).contains("problems/precondition-failed");
			assertThat(responses.get("428").get("description").asString()).as(update).contains("problems/precondition-required");
			assertThat(responses.get("409").get("description").asString()).as(update).contains("problems/stale");
			assertThat(responses.get("200").get("headers").has("ETag")).as(update).isTrue();
		}
		assertThat(paths.get("/v1/hr/employees/{id}").get("get").get("responses").get("200").get("headers").has("ETag")).isTrue();
		assertThat(paths.get("/v1/hr/employees").get("post").get("responses").get("201").get("headers").has("ETag")).isTrue();
		assertThat(paths.get("/v1/hr/employees").get("get").get("responses").has("428")).as("reads have no precondition").isFalse();
		JsonNode act = paths.get("/v1/workflow-runs/{id}/{action}").get("post");
		assertThat(act.get("responses").get("409").get("description").asString()).contains("problems/stale");
		JsonNode schemas = document().get("components").get("schemas");
		assertThat(schemas.get("ActionBody").path("required").toString()).doesNotContain("stageId");
		assertThat(schemas.get("ActionBody").get("properties").get("stageId").get("description").asString())
			.contains("required for approve, reject and return", "409");
		assertThat(schemas.get("Transfer").path("required").toString()).doesNotContain("department", "manager");
		assertThat(schemas.get("Hire").get("properties").has("allowBackdated")).isTrue();
	}

	@Test
	void everyOperationHasASummaryAHumanTagAndItsProblemResponses() {
		JsonNode doc = document();
		List<String> operations = new ArrayList<>();
		for (Map.Entry<String, JsonNode> path : doc.get("paths").properties()) {
			for (Map.Entry<String, JsonNode> entry : path.getValue().properties()) {
				String name = entry.getKey().toUpperCase() + " " + path.getKey();
				JsonNode operation = entry.getValue();
				operations.add(name);
				assertThat(operation.path("summary").asString("")).as(name).isNotBlank();
				assertThat(operation.get("tags").get(0).asString()).as(name).doesNotEndWith("-controller").matches("[A-Z].*");
				JsonNode responses = operation.get("responses");
				List<String> codes = new ArrayList<>(List.of("400", "401", "403", "406", "429", "500", "503"));
				if (path.getKey().contains("{")) {
					codes.add("404");
				}
				for (String code : codes) {
					assertThat(responses.has(code)).as(name + " " + code).isTrue();
					assertThat(responses.get(code).get("content").get("application/problem+json").get("schema").get("$ref")
						.asString()).as(name + " " + code).isEqualTo("#/components/schemas/Problem");
					assertThat(responses.get(code).get("description").asString()).contains("https://jmlhub.dev/problems/");
				}
				assertThat(responses.get("503").get("headers").has("Retry-After")).as(name).isTrue();
				var successes = responses.properties().stream().filter(response -> response.getKey().startsWith("2")).toList();
				assertThat(successes).as(name).hasSize(1);
				if (!successes.get(0).getKey().equals("204") && !entry.getKey().equals("delete")) {
					assertThat(successes.get(0).getValue().has("content")).as(name + " documents its body").isTrue();
				}
			}
		}
		assertThat(operations).contains("POST /v1/admin/api-tokens", "GET /v1/workflow-runs/{id}", "GET /v1/me");
	}

	@Test
	void successCodesAreTheOnesTheServerAnswers() {
		JsonNode paths = document().get("paths");
		JsonNode hire = paths.get("/v1/hr/employees").get("post").get("responses");
		assertThat(hire.has("200")).isFalse();
		assertThat(hire.get("201").get("headers").has("Location")).isTrue();
		assertThat(hire.get("201").get("content").toString()).contains("Employee");
		assertThat(paths.get("/v1/admin/api-tokens").get("post").get("responses").get("201").get("headers").has("Location"))
			.isTrue();
		assertThat(paths.get("/v1/admin/api-tokens/{id}").get("delete").get("responses").has("204")).isTrue();
		assertThat(paths.get("/v1/hr/employees/{id}/runs").get("post").get("responses").has("202")).isTrue();
		JsonNode act = paths.get("/v1/workflow-runs/{id}/{action}").get("post");
		assertThat(act.get("responses").has("202")).isTrue();
		assertThat(act.get("responses").has("200")).isFalse();
		JsonNode key = null;
		for (JsonNode parameter : act.get("parameters")) {
			if (parameter.get("name").asString().equals("Idempotency-Key")) {
				key = parameter;
			}
		}
		assertThat(key).isNotNull();
		assertThat(key.get("required").asBoolean()).isTrue();
		JsonNode hireSchema = document().get("components").get("schemas").get("Hire");
		assertThat(hireSchema.get("required").toString()).contains("displayName", "email", "department", "startDate");
		assertThat(document().get("components").get("schemas").get("RunView").get("properties").has("allowedActions")).isTrue();
	}

	@Test
	void unknownFieldsAndBadDatesAre400NamingTheField() {
		ApiClient api = new ApiClient(port);
		var unknown = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Typo","email":"typo@acme.example","department":"IT","startDate":"2031-01-01","manger":"manny"}""");
		assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(400);
		assertThat(unknown.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(unknown.body()).contains("problems/validation", "\"manger\":\"is not a field of this request\"");
		var badDate = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Date","email":"date@acme.example","department":"IT","startDate":"31.12.2030"}""");
		assertThat(badDate.statusCode()).isEqualTo(400);
		assertThat(badDate.body()).contains("\"startDate\":\"is not a date (YYYY-MM-DD)\"");
		var badExpiry = api.post("ada", "/v1/admin/api-tokens", "{\"name\":\"x\",\"roles\":[\"HR\"],\"expiresAt\":\"soon\"}");
		assertThat(badExpiry.body()).contains("\"expiresAt\":\"is not a timestamp (ISO-8601)\"");
	}

	@Test
	void theRunDetailCarriesTheCallersAllowedActions() {
		ApiClient api = new ApiClient(port);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Allowed Actions","email":"allowed@acme.example","department":"IT","manager":"manny",\
				"startDate":"2031-02-01"}""");
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employeeId = ApiClient.field(hired.body(), "id");
		AtomicReference<String> runId = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			JsonNode items = json.readTree(api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body()).get("items");
			assertThat(items.size()).isPositive();
			runId.set(items.get(0).get("id").asString());
			JsonNode run = json.readTree(api.get("manny", "/v1/workflow-runs/" + runId.get()).body());
			assertThat(run.get("status").asString()).isEqualTo("running");
			assertThat(run.get("currentStageId").isNull()).isFalse();
		});
		JsonNode asManager = json.readTree(api.get("manny", "/v1/workflow-runs/" + runId.get()).body());
		assertThat(asManager.get("allowedActions").toString()).isEqualTo("[\"approve\",\"reject\",\"return\"]");
		assertThat(asManager.has("stages")).as("the detail itself is unchanged").isTrue();
		assertThat(json.readTree(api.get("hana", "/v1/workflow-runs/" + runId.get()).body()).get("allowedActions").toString())
			.isEqualTo("[\"withdraw\"]");
		assertThat(json.readTree(api.get("ivan", "/v1/workflow-runs/" + runId.get()).body()).get("allowedActions").toString())
			.as("not assigned to the manager stage").isEqualTo("[]");
	}
}
