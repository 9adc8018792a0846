package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

@JmlHubIntegrationTest
class SecurityAndProblemTests {

	@LocalServerPort
	int port;

	@Test
	void meDescribesTheCaller() {
		var response = new ApiClient(port).get("gus", "/v1/me");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("\"username\":\"gus\"", "\"tenant\":\"globex\"",
				"\"roles\":[\"ADMIN\",\"APPROVER\",\"HR\"]", "\"security\"");
	}

	@Test
	void anonymousApiCallsGet401ProblemJson() {
		var response = new ApiClient(port).get(null, "/v1/me");
		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("\"status\":401", "problems/unauthorized");
	}

	@Test
	void pagesAndApiSendAStrictContentSecurityPolicyAndPrivacyHeaders() {
		var client = HttpClient.newHttpClient();
		for (String path : new String[] { "/login", "/v1/me" }) {
			var response = send(client, HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build());
			var headers = response.headers();
			assertThat(headers.firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(csp -> assertThat(csp)
				.contains("default-src 'self'", "; script-src 'self'; ", "frame-ancestors 'none'",
						"object-src 'none'")
				.doesNotContain("unsafe-eval"));
			assertThat(headers.firstValue("Referrer-Policy")).as(path).hasValue("same-origin");
			assertThat(headers.firstValue("Permissions-Policy")).as(path).hasValueSatisfying(p -> assertThat(p)
				.contains("camera=()", "geolocation=()"));
			assertThat(headers.firstValue("X-Frame-Options")).as(path).hasValue("DENY");
		}
	}

	@Test
	void errorsOutsideTheControllersAreProblemJsonWithAStableType() {
		ApiClient api = new ApiClient(port);
		var unknownPath = api.get("hana", "/v1/nope");
		assertThat(unknownPath.statusCode()).isEqualTo(404);
		assertThat(unknownPath.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(unknownPath.body()).contains("problems/not-found", "\"instance\":\"/v1/nope\"")
			.doesNotContain("timestamp");
		var unknownAction = api.post("hana", "/v1/workflow-runs/" + java.util.UUID.randomUUID() + "/frobnicate", "{}");
		assertThat(unknownAction.statusCode()).isEqualTo(404);
		assertThat(unknownAction.body()).contains("problems/not-found");
		var wrongMethod = send(HttpClient.newHttpClient(), HttpRequest.newBuilder(URI.create("http://localhost:" + port
				+ "/v1/workflow-runs"))
			.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString("hana:demo".getBytes()))
			.PUT(HttpRequest.BodyPublishers.ofString("{}")).build());
		assertThat(wrongMethod.statusCode()).isEqualTo(405);
		assertThat(wrongMethod.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(wrongMethod.body()).contains("problems/method-not-allowed");
		var wrongMediaType = send(HttpClient.newHttpClient(), HttpRequest.newBuilder(URI.create("http://localhost:" + port
				+ "/v1/hr/employees"))
			.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString("hana:demo".getBytes()))
			.header("Content-Type", "text/plain")
			.POST(HttpRequest.BodyPublishers.ofString("hello")).build());
		assertThat(wrongMediaType.statusCode()).isEqualTo(415);
		assertThat(wrongMediaType.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(wrongMediaType.body()).contains("problems/unsupported-media-type");
	}

	@Test
	void wrongPasswordIs401() {
		var client = HttpClient.newHttpClient();
		var response = send(client, HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/me"))
			.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString("hana:nope".getBytes()))
			.build());
		assertThat(response.statusCode()).isEqualTo(401);
	}

	@Test
	void wrongRoleGets403ProblemJson() {
		var response = new ApiClient(port).get("manny", "/v1/admin/outbox/backlog");
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(new ApiClient(port).get("hana", "/v1/admin/jobs").statusCode()).isEqualTo(403);
	}

	@Test
	void formLoginPerRoleAndForbiddenPagesInTheLayout() {
		var client = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager()).build();
		String base = "http://localhost:" + port;
		var loginPage = send(client, HttpRequest.newBuilder(URI.create(base + "/login")).build());
		Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(loginPage.body());
		assertThat(csrf.find()).isTrue();

		var login = send(client, HttpRequest.newBuilder(URI.create(base + "/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("username=manny&password=demo&_csrf=" + csrf.group(1)))
			.build());
		assertThat(login.statusCode()).isEqualTo(302);
		assertThat(login.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/"));

		var forbidden = send(client,
				HttpRequest.newBuilder(URI.create(base + "/admin/outbox")).header("Accept", "text/html").build());
		assertThat(forbidden.statusCode()).isEqualTo(403);
		assertThat(forbidden.body()).contains("Not allowed", "Manny Mendes", "Acme Corp");
	}

	@Test
	void theApiIsDocumentedWithOpenApi() {
		var response = new ApiClient(port).get(null, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("\"openapi\"", "/v1/me", "/v1/hr/employees");
		assertThat(new ApiClient(port).get(null, "/swagger-ui/index.html").statusCode()).isEqualTo(200);
	}

	@Test
	void pagesRedirectAnonymousUsersToLogin() {
		var response = send(HttpClient.newHttpClient(),
				HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/runs")).build());
		assertThat(response.statusCode()).isEqualTo(302);
		assertThat(response.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
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
