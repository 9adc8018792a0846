package platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/**
 * Brute force over HTTP, as the attacker did it: after five wrong passwords the account
 * backs off, on the API (429 problem+json with Retry-After, no Basic challenge) and on the login
 * form alike, with the same answers for an account that does not exist; the owner gets in once
 * the short block is over, and the block is audited in the account's tenant.
 */
@JmlHubIntegrationTest
class LoginThrottleHttpTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	PasswordEncoder encoder;

	String newUser() {
		String username = "brute-" + UUID.randomUUID().toString().substring(0, 8);
		transactions.runInTenant("acme", () -> {
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					VALUES (:username, 'acme', 'Target', :email, :hash)""")
				.param("username", username).param("email", username + "@acme.example")
				.param("hash", encoder.encode("right password")).update();
			jdbc.sql("INSERT INTO app_user_roles VALUES ('acme', :username, 'HR')").param("username", username).update();
		});
		return username;
	}

	List<Integer> wrongPasswords(String username, int times) {
		List<Integer> statuses = new ArrayList<>();
		ApiClient wrong = new ApiClient(port, "wrong password");
		for (int i = 0; i < times; i++) {
			var response = wrong.get(username, "/v1/me");
			assertThat(response.headers().allValues("WWW-Authenticate")).noneMatch(v -> v.startsWith("Basic"));
			statuses.add(response.statusCode());
		}
		return statuses;
	}

	@Test
	void repeatedFailuresBackOffOnTheApiAndTheFormThenTheOwnerGetsIn() throws Exception {
		String username = newUser();
		assertThat(wrongPasswords(username, 6)).containsOnly(401);

		var blocked = new ApiClient(port, "right password").get(username, "/v1/me");
		assertThat(blocked.statusCode()).isEqualTo(429);
		assertThat(blocked.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(blocked.body()).contains("problems/too-many-attempts", LoginThrottledException.MESSAGE);
		long retryAfter = Long.parseLong(blocked.headers().firstValue("Retry-After").orElseThrow());
		assertThat(retryAfter).as("the test's base delay of 3 s").isBetween(1L, 4L);

		assertThat(formLogin(username, "right password")).contains("Too many failed sign-ins");

		Thread.sleep(retryAfter * 1000 + 200);
		assertThat(new ApiClient(port, "right password").get(username, "/v1/me").statusCode()).isEqualTo(200);
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql(
				"SELECT count(*) FROM platform_audit WHERE action = 'login_throttled' AND actor = :username")
			.param("username", username).query(Long.class).single())).isEqualTo(1);
	}

	@Test
	void anUnknownAccountGetsTheSameAnswers() {
		String username = "ghost-" + UUID.randomUUID().toString().substring(0, 8);
		assertThat(wrongPasswords(username, 6)).containsOnly(401);
		var blocked = new ApiClient(port, "anything").get(username, "/v1/me");
		assertThat(blocked.statusCode()).isEqualTo(429);
		assertThat(blocked.body()).contains(LoginThrottledException.MESSAGE);
		assertThat(formLogin(username, "anything")).contains("Too many failed sign-ins");
		String known = newUser();
		assertThat(formLogin(known, "wrong")).contains("Wrong organisation, username or password");
		assertThat(formLogin(username + "x", "wrong")).contains("Wrong organisation, username or password");
	}

	/** Signs in on the form; returns the login page the failure redirects to. */
	private String formLogin(String username, String password) {
		HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
		String base = "http://localhost:" + port;
		Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
			.matcher(send(client, HttpRequest.newBuilder(URI.create(base + "/login")).build()).body());
		assertThat(csrf.find()).isTrue();
		var login = send(client, HttpRequest.newBuilder(URI.create(base + "/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("username=" + username + "&password=" + password.replace(' ', '+')
					+ "&_csrf=" + csrf.group(1)))
			.build());
		assertThat(login.statusCode()).isEqualTo(302);
		assertThat(login.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/login?error"));
		return send(client, HttpRequest.newBuilder(URI.create(base + "/login?error")).build()).body();
	}

	private static HttpResponse<String> send(HttpClient client, HttpRequest request) {
		try {
			return client.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (Exception e) {
			throw new IllegalStateException(e);
		}
	}
}
