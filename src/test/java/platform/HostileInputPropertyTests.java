package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.testing.HostileInputApp;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Property: whatever malformed, wrong-typed, oversized or unicode-edge input reaches whichever
 * operation of the served OpenAPI document, in a path parameter, a query parameter, a header, a
 * body field or as the raw body, the API never answers 5xx, every error is problem+json, and a
 * rejected request writes nothing. The caller has the role the operation needs, so inputs reach
 * the validation rather than the access rules. The cases are drawn from a seeded random source
 * (400 of them, the same every run, so a failure reproduces); the application is the one the
 * console forms' property uses too ({@link HostileInputApp}: its own PostgreSQL, dispatch off).
 */
@ExtendWith(HostileInputApp.Resolver.class)
class HostileInputPropertyTests {

	static ConfigurableApplicationContext app;
	static List<Operation> operations;
	static final JsonMapper JSON = JsonMapper.builder().build();
	static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	record Operation(String method, String path, List<String> queryParameters, List<String> bodyFields, boolean body) {
	}

	enum Where {
		PATH, QUERY, HEADER, BODY_FIELD, BODY_RAW, BODY_WRONG_TYPE
	}

	@BeforeAll
	static void start(HostileInputApp hostile) throws Exception {
		app = hostile.context();
		JsonNode doc = JSON.readTree(send(HttpRequest.newBuilder(uri("/v3/api-docs")).build()).body());
		operations = new ArrayList<>();
		for (Map.Entry<String, JsonNode> path : doc.get("paths").properties()) {
			for (Map.Entry<String, JsonNode> entry : path.getValue().properties()) {
				JsonNode operation = entry.getValue();
				List<String> query = new ArrayList<>();
				for (JsonNode parameter : operation.path("parameters")) {
					if (parameter.get("in").asString().equals("query")) {
						query.add(parameter.get("name").asString());
					}
				}
				List<String> fields = new ArrayList<>();
				String ref = operation.path("requestBody").path("content").path("application/json").path("schema")
					.path("$ref").asString("");
				if (!ref.isEmpty()) {
					JsonNode schema = doc.get("components").get("schemas").get(ref.substring(ref.lastIndexOf('/') + 1));
					schema.path("properties").properties().forEach(property -> fields.add(property.getKey()));
				}
				operations.add(new Operation(entry.getKey().toUpperCase(), path.getKey(), query, fields,
						operation.has("requestBody")));
			}
		}
		assertThat(operations).hasSizeGreaterThan(20);
	}

	static final List<String> EDGES = List.of("\u0000", "a\u0000b", "\ud800", "x\udfff", "\uffff", "\u202e\u0645", "🙂",
			"%00", "%FF", "..%2F", "../../etc/passwd", "' OR 1=1 --", "<script>alert(1)</script>", "-1", "0", "1e309", "NaN",
			"null", "true", "[]", "{}", "2030-02-30", "31.12.2030", "9999999999999999999999", "", " ", "\t\n");

	@Test
	void malformedInputNeverBreaksTheApi() throws Exception {
		Random random = new Random(13);
		for (int i = 0; i < 400; i++) {
			Operation operation = operations.get(random.nextInt(operations.size()));
			Where where = Where.values()[random.nextInt(Where.values().length)];
			check(operation, hostile(random), where);
		}
	}

	/** An edge value, any short string of code points, or a very long one. */
	private static String hostile(Random random) {
		return switch (random.nextInt(3)) {
			case 0 -> EDGES.get(random.nextInt(EDGES.size()));
			case 1 -> {
				StringBuilder any = new StringBuilder();
				for (int n = random.nextInt(41); n > 0; n--) {
					int c = random.nextInt(0x110000);
					any.appendCodePoint(c);
				}
				yield any.toString();
			}
			default -> "abcdefghijklmnopqrstuvwxyz".repeat(200 + random.nextInt(570));
		};
	}

	private void check(Operation operation, String value, Where where) throws Exception {
		long before = writes();
		HttpRequest request = request(operation, value, where);
		HttpResponse<String> response;
		try {
			response = send(request);
		}
		catch (IOException closed) {
			// Tomcat closes the connection on a request line over its header limit (8 KB) without an answer
			assertThat(request.uri().toString().length()).as("only an oversized request line may go unanswered: "
					+ operation.method() + " " + operation.path() + " " + where + " " + printable(value)).isGreaterThan(8 * 1024);
			assertThat(writes()).isEqualTo(before);
			return;
		}
		String what = operation.method() + " " + operation.path() + " " + where + " " + printable(value) + " -> "
				+ response.statusCode() + " " + response.body();
		assertThat(response.statusCode()).as(what).isLessThan(500);
		if (response.statusCode() >= 400) {
			assertThat(response.headers().firstValue("Content-Type")).as(what).hasValue("application/problem+json");
			assertThat(response.body()).as(what).contains("\"type\":\"https://jmlhub.dev/problems/");
			assertThat(writes()).as("a rejected request wrote nothing: " + what).isEqualTo(before);
		}
	}

	private static HttpRequest request(Operation operation, String value, Where where) {
		String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
		String path = operation.path();
		if (where == Where.PATH) {
			path = path.replaceAll("\\{[^}]+\\}", java.util.regex.Matcher.quoteReplacement(encoded.isEmpty() ? "%20" : encoded));
		}
		path = path.replace("{id}", "00000000-0000-0000-0000-000000000000").replace("{action}", "approve")
			.replace("{name}", "no_such_job").replaceAll("\\{[^}]+\\}", "nobody");
		if (where == Where.QUERY) {
			List<String> names = operation.queryParameters().isEmpty() ? List.of("q") : operation.queryParameters();
			path += "?" + String.join("&", names.stream().map(name -> name + "=" + encoded).toList());
		}
		HttpRequest.Builder builder = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30))
			.header("Accept", "application/json")
			.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((caller(operation.path()) + ":demo")
				.getBytes(StandardCharsets.UTF_8)))
			.header("Idempotency-Key", where == Where.HEADER ? headerSafe(value) : "property-" + System.nanoTime());
		byte[] body = switch (where) {
			case BODY_RAW -> value.getBytes(StandardCharsets.UTF_8);
			case BODY_FIELD -> ("{\"" + field(operation) + "\":\"" + jsonEscape(value) + "\"}").getBytes(StandardCharsets.UTF_8);
			case BODY_WRONG_TYPE -> ("{\"" + field(operation) + "\":[" + (value.length() % 7) + ",{\"x\":null}]}").getBytes(StandardCharsets.UTF_8);
			default -> operation.body() ? "{}".getBytes(StandardCharsets.UTF_8) : null;
		};
		if (body != null) {
			builder.header("Content-Type", "application/json");
		}
		return builder.method(operation.method(), body == null ? HttpRequest.BodyPublishers.noBody()
				: HttpRequest.BodyPublishers.ofByteArray(body)).build();
	}

	/** Someone whose role the operation needs, so the input reaches validation. */
	private static String caller(String path) {
		if (path.startsWith("/v1/admin/") || path.endsWith("/reassign")) {
			return "ada";
		}
		if (path.startsWith("/v1/me/delegation")) {
			return "manny";
		}
		return path.startsWith("/v1/workflow-runs") ? "manny" : "hana";
	}

	private static String field(Operation operation) {
		return operation.bodyFields().isEmpty() ? "unexpected" : operation.bodyFields().get(
				Math.floorMod(operation.path().hashCode(), operation.bodyFields().size()));
	}

	/** Rows only API calls add: employees, decisions, API tokens, delegations and audit entries, in both demo tenants. */
	private static long writes() {
		JdbcClient jdbc = app.getBean(JdbcClient.class);
		TenantTransactions transactions = app.getBean(TenantTransactions.class);
		long total = 0;
		for (String tenant : List.of("acme", "globex")) {
			total += transactions.readInTenant(tenant, () -> jdbc.sql("""
					SELECT (SELECT count(*) FROM employees) + (SELECT count(*) FROM workflow_actions)
					     + (SELECT count(*) FROM api_tokens) + (SELECT count(*) FROM workflow_delegations)
					     + (SELECT count(*) FROM platform_audit)""").query(Long.class).single());
		}
		return total;
	}

	private static String jsonEscape(String value) {
		StringBuilder out = new StringBuilder();
		for (char c : value.toCharArray()) {
			if (c == '"' || c == '\\') {
				out.append('\\').append(c);
			}
			else if (c < 0x20 || Character.isSurrogate(c)) {
				out.append(String.format("\\u%04x", (int) c));
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

	private static String headerSafe(String value) {
		StringBuilder out = new StringBuilder();
		value.chars().filter(c -> c > 0x20 && c < 0x7f).forEach(c -> out.append((char) c));
		return out.isEmpty() ? "x" : out.toString();
	}

	private static String printable(String value) {
		String shown = value.length() > 60 ? value.substring(0, 60) + "…(" + value.length() + ")" : value;
		StringBuilder out = new StringBuilder();
		shown.chars().forEach(c -> out.append(c < 0x20 || Character.isSurrogate((char) c) ? String.format("\\u%04x", c) : (char) c));
		return out.toString();
	}

	private static URI uri(String path) {
		return URI.create("http://localhost:" + app.getEnvironment().getRequiredProperty("local.server.port") + path);
	}

	private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
		return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
	}
}
