package platform.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.json.JsonMapper;

/**
 * Local passwords through HTTP: longer than bcrypt's 72 bytes is a 400 naming the limit (it was a
 * 500), a common password is a 400 or an inline error, and the sign-in throttle sees the client's
 * address from X-Forwarded-For sent by a trusted proxy (loopback by default).
 */
@JmlHubIntegrationTest
class PasswordRulesHttpTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	private final JsonMapper json = JsonMapper.builder().build();
	ApiClient api;
	String tenant;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		tenant = TestTenants.create(transactions, jdbc, "pw", "boss");
	}

	@Test
	void passwordsPastBcryptsLimitOrCommonAreRefusedWithA400AndNothingIsWritten() {
		for (String password : new String[] { "x".repeat(73), "y".repeat(200), "é".repeat(40) }) {
			HttpResponse<String> created = create("long-" + password.length(), password);
			assertThat(created.statusCode()).as(created.body()).isEqualTo(400);
			assertThat(created.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(json.readTree(created.body()).get("errors").get("password").asString()).contains("72");
		}
		for (String password : new String[] { "password123456", "Qwertyuiop!!", "iloveyou2024!" }) {
			HttpResponse<String> created = create("common", password);
			assertThat(created.statusCode()).as(password).isEqualTo(400);
			assertThat(json.readTree(created.body()).get("errors").get("password").asString()).contains("common password");
		}
		assertThat(api.get(at("boss"), "/v1/admin/users/common").statusCode()).as("nothing written").isEqualTo(404);

		String longest = "Long enough, not common: " + "z".repeat(72 - 25);
		assertThat(longest.getBytes(StandardCharsets.UTF_8)).hasSize(72);
		assertThat(create("maya", longest).statusCode()).isEqualTo(201);
		assertThat(new ApiClient(port, longest).get("maya@" + tenant, "/v1/me").statusCode()).isEqualTo(200);

		HttpResponse<String> patched = api.send(at("boss"), "PATCH", "/v1/admin/users/maya", "{\"password\":\"" + "é".repeat(50) + "\"}");
		assertThat(patched.statusCode()).as(patched.body()).isEqualTo(400);
		HttpResponse<String> common = api.send(at("boss"), "PATCH", "/v1/admin/users/maya", "{\"password\":\"monkey12345678\"}");
		assertThat(common.statusCode()).as(common.body()).isEqualTo(400);
		assertThat(new ApiClient(port, longest).get("maya@" + tenant, "/v1/me").statusCode()).as("unchanged").isEqualTo(200);

		ConsoleSession boss = ConsoleSession.login(port, at("boss"));
		var form = boss.post("/admin/users/maya/password", Map.of("password", "superman123456"));
		assertThat(boss.get("/admin/users/maya").body()).contains("common password");
		assertThat(form.statusCode()).isIn(200, 302);
	}

	@Test
	void theThrottleSeesTheForwardedAddressOfATrustedProxy() throws Exception {
		String username = "target-" + UUID.randomUUID().toString().substring(0, 6);
		assertThat(create(username, "A fine long passphrase 1").statusCode()).isEqualTo(201);
		HttpClient client = HttpClient.newHttpClient();
		for (int i = 0; i < 6; i++) {
			client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/me"))
				.header("Authorization", "Basic " + Base64.getEncoder()
					.encodeToString((username + "@" + tenant + ":wrong password").getBytes(StandardCharsets.UTF_8)))
				.header("X-Forwarded-For", "203.0.113.9")
				.build(), HttpResponse.BodyHandlers.ofString());
		}
		String detail = transactions.readInTenant(tenant, () -> jdbc.sql(
				"SELECT detail::text FROM platform_audit WHERE action = 'login_throttled' AND actor LIKE :u")
			.param("u", username + "%").query(String.class).single());
		assertThat(detail).contains("203.0.113.9");
	}

	private HttpResponse<String> create(String username, String password) {
		return api.post(at("boss"), "/v1/admin/users", json.writeValueAsString(Map.of("username", username, "displayName",
				"User " + username, "email", username + "@" + tenant + ".example", "roles", java.util.List.of("HR"),
				"password", password)));
	}

	private String at(String user) {
		return user + "@" + tenant;
	}
}
