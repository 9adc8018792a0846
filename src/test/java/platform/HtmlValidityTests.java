package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import nu.validator.client.EmbeddedValidator;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every console page, fetched over HTTP as the demo users see it (server-rendered HTML, error
 * pages included), passes the Nu HTML checker (vnu) without errors. htmx's {@code hx-*}
 * attributes are the one thing HTML does not know and the console relies on: those messages are
 * filtered, nothing else.
 */
@JmlHubIntegrationTest
class HtmlValidityTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Test
	void everyConsolePageIsValidHtml() throws Exception {
		ApiClient api = new ApiClient(port);
		String email = "valid-" + UUID.randomUUID() + "@acme.example";
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Vali Dator","email":"%s","department":"Engineering","manager":"manny","startDate":"%s"}"""
			.formatted(email, LocalDate.now()));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employeeId = json.readTree(hired.body()).get("id").asString();
		AtomicReference<JsonNode> run = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode items = json.readTree(api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body()).get("items");
			assertThat(items.size()).isPositive();
			assertThat(items.get(0).has("currentStage")).as("%s", items).isTrue();
			run.set(items.get(0));
		});
		String runId = run.get().get("id").asString();
		String stageId = run.get().get("currentStage").get("id").asString();
		JsonNode events = json.readTree(api.get("ada", "/v1/admin/outbox/events?aggregateId=" + employeeId).body());
		String eventId = events.get("items").get(0).get("id").asString();

		Map<String, List<String>> pages = new LinkedHashMap<>();
		pages.put("hana", List.of("/", "/runs", "/runs?employeeId=" + employeeId, "/runs?blocked=true&overdue=true",
				"/runs/" + runId, "/hr/employees", "/hr/employees/new", "/hr/employees/" + employeeId,
				"/runs/not-a-uuid", "/no-such-page", "/admin/users"));
		pages.put("manny", List.of("/", "/inbox", "/runs?mine=true", "/runs/" + runId, "/inbox/approve?stage=" + stageId,
				"/me/notifications", "/unsubscribe?token=not-a-token"));
		pages.put("ivan", List.of("/inbox"));
		pages.put("sara", List.of("/inbox"));
		pages.put("sam", List.of("/inbox"));
		// a user without a role: the home page of what every user may do, and the 403 of the runs
		pages.put("pia", List.of("/", "/access", "/access/mine", "/runs"));
		pages.put("ada", List.of("/", "/runs", "/runs/" + runId, "/admin/outbox", "/admin/outbox/dead-letters",
				"/admin/outbox/events", "/admin/outbox/events/" + eventId, "/admin/mail", "/admin/mail?status=sent", "/admin/attention", "/admin/insights",
				"/admin/api-tokens", "/admin/users", "/admin/users/manny", "/admin/users/manny/disable", "/admin/groups", "/admin/groups/managers",
				"/admin/definitions", "/admin/definitions/joiner", "/admin/sso", "/admin/audit", "/platform/tenants", "/admin/two-factor", "/account/two-factor",
				"/admin/provisioning", "/admin/provisioning/targets/new", "/admin/provisioning/entitlements/new", "/admin/directory"));

		EmbeddedValidator validator = new EmbeddedValidator();
		validator.setOutputFormat(EmbeddedValidator.OutputFormat.JSON);
		List<String> errors = new ArrayList<>();
		int checked = 0;
		errors.addAll(check(validator, "anonymous /login", get(null, "/login")));
		checked++;
		errors.addAll(check(validator, "anonymous /login?suspended", get(null, "/login?suspended")));
		checked++;
		for (Map.Entry<String, List<String>> user : pages.entrySet()) {
			ConsoleSession session = ConsoleSession.login(port, user.getKey());
			for (String path : user.getValue()) {
				HttpResponse<String> page = session.get(path);
				for (int hops = 0; hops < 3 && page.statusCode() / 100 == 3; hops++) {
					page = session.follow(page);
				}
				assertThat(page.headers().firstValue("Content-Type").orElse("")).as(path).startsWith("text/html");
				errors.addAll(check(validator, user.getKey() + " " + path + " (" + page.statusCode() + ")", page.body()));
				checked++;
			}
		}
		assertThat(checked).isGreaterThan(30);
		assertThat(errors).as("HTML errors").isEmpty();
	}

	private String get(String user, String path) {
		return user == null ? ConsoleSessionAnonymous.get(port, path) : ConsoleSession.login(port, user).get(path).body();
	}

	private List<String> check(EmbeddedValidator validator, String page, String html) throws Exception {
		String report = validator.validate(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
		List<String> errors = new ArrayList<>();
		for (JsonNode message : json.readTree(report).get("messages")) {
			String type = message.get("type").asString();
			String text = message.get("message").asString();
			boolean error = "error".equals(type) || "non-document-error".equals(type);
			if (error && !htmx(text)) {
				errors.add(page + " line " + (message.has("lastLine") ? message.get("lastLine").asString() : "?") + ": " + text
						+ (message.has("extract") ? " «" + message.get("extract").asString().strip() + "»" : ""));
			}
		}
		return errors;
	}

	/** The checker's message about an htmx attribute, e.g. {@code Attribute “hx-get” not allowed on element “div” at this point.} */
	static boolean htmx(String message) {
		return message.matches("(?s)Attribute [“\"]hx-[a-z:-]+[”\"] not allowed .*");
	}

	/** The login page as a browser sees it before signing in. */
	static final class ConsoleSessionAnonymous {

		static String get(int port, String path) {
			try {
				return java.net.http.HttpClient.newHttpClient()
					.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + port + path))
						.header("Accept", "text/html")
						.build(), HttpResponse.BodyHandlers.ofString())
					.body();
			}
			catch (java.io.IOException e) {
				throw new java.io.UncheckedIOException(e);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(e);
			}
		}
	}
}
