package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Who may call what, generated from the served OpenAPI document so that no operation is left out:
 * every operation x {anonymous, a revoked token, HR, APPROVER, a user without a role, ADMIN (platform
 * operator), a token with ADMIN, a user of another tenant}. Path ids are real things of tenant acme, so the other
 * tenant's all-roles user must get 404 (never 2xx) for them. Expected cells: anonymous and the
 * revoked token 401; a role the path's rule excludes 403; an allowed caller neither 401 nor 403
 * (a domain refusal of a run action by role aside) and never a 5xx; every error is problem+json.
 */
@JmlHubIntegrationTest
class AccessMatrixTests {

	@LocalServerPort
	int port;

	final JsonMapper json = JsonMapper.builder().build();
	ApiClient api;
	Map<String, String> ids;
	String revokedToken;
	String adminToken;

	@BeforeEach
	void things() {
		api = new ApiClient(port);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Matrix","email":"matrix@acme.example","department":"IT","startDate":"2031-03-01"}""");
		assertThat(hired.statusCode()).isEqualTo(201);
		String employee = ApiClient.field(hired.body(), "id");
		JsonNode events = json.readTree(api.get("ada", "/v1/admin/outbox/events?limit=1").body()).get("items");
		String event = events.get(0).get("id").asString();
		revokedToken = token("matrix-revoked", "[\"HR\",\"APPROVER\",\"ADMIN\"]");
		String revokedId = json.readTree(api.get("ada", "/v1/admin/api-tokens").body()).get(0).get("id").asString();
		assertThat(api.call("ada", "DELETE", "/v1/admin/api-tokens/" + revokedId, null).statusCode()).isEqualTo(204);
		adminToken = token("matrix-admin", "[\"ADMIN\"]");
		// the path's token is the revoked one: revoking it again changes nothing, the ADMIN token stays valid
		String tokenId = revokedId;
		ids = new LinkedHashMap<>();
		ids.put("/v1/hr/employees/{id}", employee);
		ids.put("/v1/admin/outbox/", event);
		ids.put("/v1/admin/api-tokens/{id}", tokenId);
		ids.put("/v1/workflow-runs/{id}", UUID.randomUUID().toString());
		ids.put("/v1/admin/jobs/", UUID.randomUUID().toString());
	}

	String token(String prefix, String roles) {
		var created = api.post("ada", "/v1/admin/api-tokens", "{\"name\":\"" + prefix + "-" + UUID.randomUUID().toString()
				.substring(0, 8) + "\",\"roles\":" + roles + ",\"expiresAt\":\"" + Instant.now().plus(Duration.ofDays(1)) + "\"}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return ApiClient.field(created.body(), "token");
	}

	enum Rule {
		/** Any tenant role (the runs); not a user without one. */
		OPERATOR, ADMIN, HR, APPROVER, ANY_ROLE, AUTHENTICATED;

		static Rule of(String path) {
			if (path.startsWith("/v1/admin/jobs") || path.startsWith("/v1/platform/")) {
				return OPERATOR;
			}
			if (path.startsWith("/v1/admin/") || path.endsWith("/repair") || path.endsWith("/repairs")
					|| path.endsWith("/reassign")) {
				return ADMIN;
			}
			if (path.startsWith("/v1/me/delegation")) {
				return APPROVER;
			}
			if (path.startsWith("/v1/workflow-runs")) {
				return ANY_ROLE;
			}
			return path.startsWith("/v1/hr/") ? HR : AUTHENTICATED;
		}
	}

	record Caller(String name, Function<Rule, Boolean> allowed, Function<Request, HttpResponse<String>> call) {
	}

	record Request(String method, String path, String body) {
	}

	@Test
	void everyOperationForEveryKindOfCaller() {
		List<Caller> callers = List.of(
				new Caller("anonymous", rule -> null, r -> api.call(null, r.method(), r.path(), r.body())),
				new Caller("revoked token", rule -> null, r -> api.withToken(revokedToken, r.method(), r.path(), r.body())),
				new Caller("hana (HR)", rule -> rule == Rule.HR || rule == Rule.ANY_ROLE || rule == Rule.AUTHENTICATED,
						r -> api.call("hana", r.method(), r.path(), r.body())),
				new Caller("manny (APPROVER)", rule -> rule == Rule.AUTHENTICATED || rule == Rule.ANY_ROLE || rule == Rule.APPROVER,
						r -> api.call("manny", r.method(), r.path(), r.body())),
				new Caller("pia (no role)", rule -> rule == Rule.AUTHENTICATED,
						r -> api.call("pia", r.method(), r.path(), r.body())),
				new Caller("ada (ADMIN, operator)", rule -> rule != Rule.HR && rule != Rule.APPROVER,
						r -> api.call("ada", r.method(), r.path(), r.body())),
				new Caller("ADMIN token", rule -> rule == Rule.ADMIN || rule == Rule.ANY_ROLE || rule == Rule.AUTHENTICATED,
						r -> api.withToken(adminToken, r.method(), r.path(), r.body())));
		JsonNode paths = json.readTree(api.get(null, "/v3/api-docs").body()).get("paths");
		List<String> cells = new ArrayList<>();
		for (Map.Entry<String, JsonNode> path : paths.properties()) {
			for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
				String method = operation.getKey().toUpperCase();
				Request request = new Request(method, concrete(path.getKey()), body(path.getKey(), operation.getValue()));
				Rule rule = Rule.of(path.getKey());
				for (Caller caller : callers) {
					HttpResponse<String> response = caller.call().apply(request);
					String cell = method + " " + path.getKey() + " as " + caller.name() + " -> " + response.statusCode();
					cells.add(cell);
					assertThat(response.statusCode()).as(cell + " " + response.body()).isLessThan(500);
					if (response.statusCode() >= 400) {
						assertThat(response.headers().firstValue("Content-Type")).as(cell).hasValue("application/problem+json");
					}
					Boolean allowed = caller.allowed().apply(rule);
					if (allowed == null) {
						assertThat(response.statusCode()).as(cell).isEqualTo(401);
					}
					else if (!allowed) {
						assertThat(response.statusCode()).as(cell).isEqualTo(403);
					}
					else {
						assertThat(response.statusCode()).as(cell + " " + response.body()).isNotEqualTo(401);
						boolean runAction = path.getKey().endsWith("/{action}");
						boolean tokenManagement = caller.name().endsWith("token") && path.getKey().startsWith("/v1/admin/api-tokens");
						if (!runAction && !tokenManagement) {
							assertThat(response.statusCode()).as(cell + " " + response.body()).isNotEqualTo(403);
						}
					}
				}
				// a user of another tenant with every role: acme's things do not exist for them
				HttpResponse<String> other = api.call("gus", method, request.path(), request.body());
				String cell = method + " " + path.getKey() + " as gus (other tenant) -> " + other.statusCode();
				cells.add(cell);
				assertThat(other.statusCode()).as(cell).isLessThan(500);
				if (path.getKey().contains("{id}") && !path.getKey().startsWith("/v1/admin/jobs")) {
					assertThat(other.statusCode()).as(cell + " " + other.body()).isIn(400, 403, 404);
				}
			}
		}
		assertThat(cells).as("operations x callers").hasSizeGreaterThan(20 * 8);
	}

	private String concrete(String template) {
		String path = template;
		for (Map.Entry<String, String> id : ids.entrySet()) {
			if (template.startsWith(id.getKey().replace("{id}", "")) || template.startsWith(id.getKey())) {
				path = path.replace("{id}", id.getValue());
			}
		}
		return path.replace("{id}", UUID.randomUUID().toString()).replace("{stageId}", UUID.randomUUID().toString())
			.replace("{action}", "approve")
			.replace("{name}", "no_such_job").replaceAll("\\{[^}]+\\}", "nobody");
	}

	/** A body that is valid JSON but changes nothing (a filter that matches nothing, or one that fails validation). */
	private static String body(String path, JsonNode operation) {
		if (!operation.has("requestBody")) {
			return null;
		}
		if (path.endsWith("/dead-letters/retry") || path.endsWith("/dead-letters/discard")) {
			return "{\"errorClass\":\"matrix.NoSuchError\"}";
		}
		return "{}";
	}
}
