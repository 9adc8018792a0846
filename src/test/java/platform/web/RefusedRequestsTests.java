package platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A request that is refused has written nothing, and bad input is a 4xx: every write operation
 * of the OpenAPI document sent with an {@code Accept} the API cannot answer is a 406 before its
 * handler runs (so even a well-formed hire hires nobody); header values with bytes outside ASCII
 * are a 400; a chunked body is held to the body limit; {@code /error} asked for directly is a 404;
 * the user form keeps the API's email limit.
 */
@JmlHubIntegrationTest
class RefusedRequestsTests {

	static final HttpClient HTTP = HttpClient.newHttpClient();

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void everyWriteOperationWithAnUnanswerableAcceptIsA406AndWritesNothing() throws Exception {
		JsonNode doc = json.readTree(new ApiClient(port).get("ada", "/v3/api-docs").body());
		long before = writes();
		List<String> checked = new ArrayList<>();
		for (Map.Entry<String, JsonNode> path : doc.get("paths").properties()) {
			for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
				String method = operation.getKey().toUpperCase();
				if (!List.of("POST", "PUT", "PATCH", "DELETE").contains(method)) {
					continue;
				}
				String target = path.getKey().replace("{id}", UUID.randomUUID().toString()).replace("{action}", "approve")
					.replaceAll("\\{[^}]+\\}", "sam");
				String body = target.equals("/v1/hr/employees") ? hire("accept-" + UUID.randomUUID()) : "{}";
				for (String user : List.of("ada", "hana")) {
					HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base() + target))
						.header("Accept", "text/html")
						.header("Content-Type", "application/json")
						.header("Idempotency-Key", UUID.randomUUID().toString())
						.header("If-Match", "\"0\"")
						.header("Authorization", basic(user))
						.method(method, HttpRequest.BodyPublishers.ofString(body))
						.build(), HttpResponse.BodyHandlers.ofString());
					String what = user + " " + method + " " + target + " -> " + response.statusCode() + " " + response.body();
					assertThat(response.statusCode()).as(what).isEqualTo(406);
					assertThat(response.headers().firstValue("Content-Type")).as(what).hasValue("application/problem+json");
					assertThat(response.body()).as(what).contains("https://jmlhub.dev/problems/not-acceptable");
				}
				checked.add(method + " " + path.getKey());
			}
		}
		assertThat(checked).contains("POST /v1/hr/employees", "POST /v1/admin/users/{username}/disable")
			.hasSizeGreaterThan(15);
		assertThat(writes()).isEqualTo(before);
		// a JSON answer is still what a client gets that accepts it among others
		HttpResponse<String> hired = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/v1/hr/employees"))
			.header("Accept", "text/html, application/json;q=0.5")
			.header("Content-Type", "application/json")
			.header("Authorization", basic("hana"))
			.POST(HttpRequest.BodyPublishers.ofString(hire("accept-ok-" + UUID.randomUUID())))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
	}

	@Test
	void headerValuesWithBytesOutsideAsciiAreA400() throws Exception {
		for (String header : List.of("If-Match", "Idempotency-Key")) {
			String response = raw("PATCH /v1/hr/employees/" + UUID.randomUUID() + " HTTP/1.1\r\nHost: localhost\r\n"
					+ "Authorization: " + basic("hana") + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
					+ "Connection: close\r\n" + header + ": ", new byte[] { '"', (byte) 0xC3, (byte) 0xA9, 0x01, '"' },
					"\r\n\r\n{}");
			assertThat(response).as(header).startsWith("HTTP/1.1 400");
			assertThat(response).as(header).contains("application/problem+json");
		}
	}

	@Test
	void aChunkedBodyIsHeldToTheBodyLimit() throws Exception {
		String email = "chunked-" + UUID.randomUUID() + "@acme.example";
		String padding = "x".repeat(1_100_000);
		byte[] body = ("{\"displayName\":\"Chunked\",\"email\":\"" + email + "\",\"department\":\"IT\",\"startDate\":"
				+ "\"2031-01-01\",\"title\":\"" + padding + "\"}").getBytes(StandardCharsets.UTF_8);
		HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/v1/hr/employees"))
			.header("Content-Type", "application/json")
			.header("Authorization", basic("hana"))
			// no length: the client sends the body chunked
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(413);
		assertThat(response.body()).contains("payload-too-large");
		assertThat(employees(email)).isZero();

		// a chunked body within the limit is read as usual
		String small = "chunked-ok-" + UUID.randomUUID();
		byte[] ok = hire(small).getBytes(StandardCharsets.UTF_8);
		HttpResponse<String> hired = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/v1/hr/employees"))
			.header("Content-Type", "application/json")
			.header("Authorization", basic("hana"))
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(ok)))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
	}

	@Test
	void theErrorPathAskedForDirectlyIsA404() throws Exception {
		HttpResponse<String> api = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/error"))
			.header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
		assertThat(api.statusCode()).as(api.body()).isEqualTo(404);
		HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/error"))
			.header("Accept", "text/html").build(), HttpResponse.BodyHandlers.ofString());
		assertThat(page.statusCode()).isEqualTo(404);
	}

	@Test
	void theUserFormRefusesAnEmailTheApiWouldRefuseAndWritesNothing() {
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		String before = email("sam");
		for (int length : List.of(5_000, 3_013, 255)) {
			ada.get("/admin/users/sam");
			String email = "a".repeat(length - "@acme.example".length()) + "@acme.example";
			HttpResponse<String> saved = ada.post("/admin/users/sam", Map.of("displayName", "Sam", "email", email,
					"roles", "APPROVER"));
			assertThat(saved.statusCode()).as("length " + length).isEqualTo(302);
			assertThat(ada.follow(saved).body()).as("length " + length).contains("Nothing was changed", "email");
			assertThat(email("sam")).isEqualTo(before);
		}
	}

	@Test
	void aDatabaseRefusalOfAValueIsNotAnOutage() {
		var tooLarge = new java.sql.SQLException("index row size 5432 exceeds btree version 4 maximum", "54000");
		var readAsResourceFailure = new org.springframework.dao.DataAccessResourceFailureException("x", tooLarge);
		assertThat(DatabaseOutage.isOutage(readAsResourceFailure)).isFalse();
		assertThat(DatabaseRefusal.of(readAsResourceFailure)).contains(org.springframework.http.HttpStatus.BAD_REQUEST);
		assertThat(DatabaseOutage.isOutage(new java.sql.SQLException("value too long", "22001"))).isFalse();
		assertThat(DatabaseOutage.isOutage(new java.sql.SQLException("check", "23514"))).isFalse();
		assertThat(DatabaseOutage.isOutage(new org.springframework.dao.DataAccessResourceFailureException("down",
				new java.sql.SQLException("connection refused", "08001")))).isTrue();
		assertThat(DatabaseOutage.isOutage(new java.sql.SQLException("shutting down", "57P01"))).isTrue();
		assertThat(DatabaseOutage.isOutage(new java.sql.SQLTransientConnectionException("pool timeout"))).isTrue();
	}

	String email(String username) {
		return transactions.readInTenant("acme", () -> jdbc.sql("SELECT coalesce(email, '') FROM app_users WHERE username = :u")
			.param("u", username)
			.query(String.class)
			.single());
	}

	long employees(String email) {
		return transactions.readInTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees WHERE email = :email")
			.param("email", email)
			.query(Long.class)
			.single());
	}

	/** Rows that API writes add or change: employees, decisions, tokens, delegations, audit entries, enabled users. */
	long writes() {
		return transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT (SELECT count(*) FROM employees) + (SELECT count(*) FROM workflow_actions)
				     + (SELECT count(*) FROM api_tokens) + (SELECT count(*) FROM workflow_delegations)
				     + (SELECT count(*) FROM platform_audit) + (SELECT count(*) FROM app_users WHERE enabled)""")
			.query(Long.class)
			.single());
	}

	static String hire(String local) {
		return "{\"displayName\":\"Accept Test\",\"email\":\"" + local + "@acme.example\",\"department\":\"IT\","
				+ "\"manager\":\"manny\",\"startDate\":\"2031-01-01\"}";
	}

	static String basic(String user) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":demo").getBytes(StandardCharsets.UTF_8));
	}

	String base() {
		return "http://localhost:" + port;
	}

	/** Sends bytes as they are (a client library would refuse such a header) and reads the answer's head. */
	String raw(String head, byte[] value, String tail) throws IOException {
		try (Socket socket = new Socket("localhost", port)) {
			socket.setSoTimeout((int) Duration.ofSeconds(20).toMillis());
			OutputStream out = socket.getOutputStream();
			out.write(head.getBytes(StandardCharsets.ISO_8859_1));
			out.write(value);
			out.write(tail.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
		}
	}
}
