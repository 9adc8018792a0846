package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import platform.browser.Axe;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every console page, opened in Chromium as the demo users see it (with data: an employee with a
 * run waiting on its manager, a returned run in HR's queue, a dead letter; error pages included),
 * has no serious or critical violation of axe-core's rules ({@link Axe}). Every rule axe runs by
 * default counts; a failure lists each violation with its rule, impact, the elements' selectors
 * and the rule's help page. (The single sign-on continue page, which needs an issuer, is checked
 * in {@code SingleSignOnBrowserTests}.)
 */
@JmlHubIntegrationTest
@BrowserTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccessibilityTests {

	static final String ERROR_CLASS = "platform.AccessibilityTests$DirectoryRefused";

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DeadLetterService deadLetters;

	@AfterAll
	void discardTheDeadLetter() {
		deadLetters.discardAll("acme", "test-cleanup", new DeadLetterFilter(null, ERROR_CLASS));
	}

	@Test
	void everyConsolePageHasNoSeriousOrCriticalViolation(Browser browser) {
		ApiClient api = new ApiClient(port);
		String employeeId = hire(api, "Axe Waiting");
		JsonNode run = awaitStage(api, employeeId);
		String runId = run.get("id").asString();
		String stageId = run.get("currentStage").get("id").asString();

		String returnedEmployee = hire(api, "Axe Returned");
		JsonNode returned = awaitStage(api, returnedEmployee);
		String returnedRun = returned.get("id").asString();
		HttpResponse<String> back = api.post("manny", "/v1/workflow-runs/" + returnedRun + "/return",
				"{\"stageId\":\"%s\",\"comment\":\"Wrong department\"}".formatted(returned.get("currentStage").get("id").asString()),
				UUID.randomUUID().toString());
		assertThat(back.statusCode()).as(back.body()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> "returned"
			.equals(json.readTree(api.get("hana", "/v1/workflow-runs/" + returnedRun).body()).get("status").asString()));

		UUID deadLetter = deadLetter(employeeId);
		String eventId = json.readTree(api.get("ada", "/v1/admin/outbox/events?aggregateId=" + employeeId).body())
			.get("items").get(0).get("id").asString();

		Map<String, List<String>> pages = new LinkedHashMap<>();
		pages.put(null, List.of("/login", "/login?error", "/login?logout", "/login?sso_unavailable", "/login?suspended",
				"/unsubscribe?token=not-a-token"));
		pages.put("hana", List.of("/", "/work", "/runs", "/runs?employeeId=" + employeeId, "/runs?blocked=true&overdue=true",
				"/runs/" + runId, "/runs/" + returnedRun, "/hr/employees", "/hr/employees?q=Axe", "/hr/employees/new",
				"/hr/employees/" + employeeId, "/hr/employees/" + employeeId + "/edit",
				"/hr/employees/" + returnedEmployee + "/edit?run=" + returnedRun, "/runs/not-a-uuid", "/no-such-page",
				"/admin/users"));
		pages.put("manny", List.of("/", "/inbox", "/runs?mine=true", "/runs/" + runId, "/inbox/approve?stage=" + stageId,
				"/me/delegation", "/me/notifications", "/admin/outbox/dead-letters"));
		pages.put("ivan", List.of("/inbox"));
		pages.put("sara", List.of("/inbox"));
		pages.put("sam", List.of("/inbox"));
		// a user without a role: the home page of what every user may do, and the 403 of the runs
		pages.put("pia", List.of("/", "/access", "/access/mine", "/runs"));
		pages.put("ada", List.of("/", "/runs", "/runs/" + runId, "/admin/outbox",
				"/admin/outbox/dead-letters", "/admin/outbox/dead-letters/" + deadLetter,
				"/admin/outbox/dead-letters/bulk?action=retry&errorClass=" + ERROR_CLASS, "/admin/outbox/events",
				"/admin/outbox/events/" + eventId, "/admin/attention", "/admin/insights", "/admin/api-tokens",
				"/admin/users", "/admin/users/manny", "/admin/groups", "/admin/groups/managers", "/admin/definitions",
				"/admin/definitions/joiner", "/admin/sso", "/admin/audit", "/admin/jobs", "/platform/tenants", "/admin/two-factor", "/account/two-factor",
				"/admin/provisioning", "/admin/provisioning/targets/new", "/admin/provisioning/entitlements/new", "/admin/directory"));

		List<String> violations = new ArrayList<>();
		int checked = 0;
		for (Map.Entry<String, List<String>> user : pages.entrySet()) {
			if (user.getKey() == null) {
				browser.open("/favicon.ico");
				browser.driver().manage().deleteAllCookies();
			}
			else {
				browser.login(user.getKey());
			}
			for (String path : user.getValue()) {
				browser.open(path);
				violations.addAll(Axe.seriousViolations(browser, (user.getKey() == null ? "anonymous" : user.getKey()) + " " + path));
				checked++;
			}
		}
		// a form showing its inline errors
		browser.login("hana").open("/hr/employees/new");
		browser.click(browser.waitFor("#hire-form button[type=submit]"));
		browser.waitFor("#displayName-error");
		violations.addAll(Axe.seriousViolations(browser, "hana /hr/employees/new with errors"));
		checked++;
		// the bulk approve's outcome page (it approves the waiting run's manager stage: last, so nothing above changes)
		browser.login("manny").open("/inbox/approve?stage=" + stageId);
		browser.click(browser.waitFor("#confirm-bulk"));
		browser.waitFor("#bulk-outcomes");
		violations.addAll(Axe.seriousViolations(browser, "manny bulk approve outcome"));
		checked++;
		assertThat(checked).isGreaterThan(40);
		assertThat(violations).as("serious or critical accessibility violations").isEmpty();
	}

	private String hire(ApiClient api, String name) {
		String email = "axe-" + UUID.randomUUID() + "@acme.example";
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"%s","email":"%s","department":"Engineering","manager":"manny","startDate":"%s"}"""
			.formatted(name, email, LocalDate.now().plusDays(10)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		return json.readTree(hired.body()).get("id").asString();
	}

	private JsonNode awaitStage(ApiClient api, String employeeId) {
		AtomicReference<JsonNode> run = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode items = json.readTree(api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body()).get("items");
			assertThat(items.size()).isPositive();
			assertThat(items.get(0).has("currentStage")).as("%s", items).isTrue();
			run.set(items.get(0));
		});
		return run.get();
	}

	/** A dead letter as the dispatcher leaves one (failed after its attempts, each attempt's error kept). */
	private UUID deadLetter(String employeeId) {
		UUID id = UUID.randomUUID();
		transactions.runInTenant("acme", () -> {
			jdbc.sql("""
					INSERT INTO outbox_events (id, tenant_id, event_type, consumer, aggregate_id, idempotency_key, payload,
					  payload_version, status, attempts, max_attempts, last_error_class, last_error, failed_at)
					VALUES (:id, 'acme', 'hr.employee.created', 'workflow', :aggregate, :key, CAST(:payload AS jsonb), 1, 'failed', 2, 2,
					  :errorClass, 'the directory refused the account', now())""")
				.param("id", id).param("aggregate", UUID.fromString(employeeId)).param("key", "axe-" + id)
				.param("payload", "{\"employeeId\":\"%s\",\"displayName\":\"Axe Waiting\"}".formatted(employeeId))
				.param("errorClass", ERROR_CLASS)
				.update();
			for (int attempt = 1; attempt <= 2; attempt++) {
				jdbc.sql("""
						INSERT INTO outbox_attempts (tenant_id, event_id, redrive, attempt, outcome, error_class, error_message,
						  duration_ms, worker_id)
						VALUES ('acme', :id, 0, :attempt, :outcome, :errorClass, 'the directory refused the account', 12, 'axe')""")
					.param("id", id).param("attempt", attempt).param("outcome", attempt == 2 ? "dead_lettered" : "retried")
					.param("errorClass", ERROR_CLASS)
					.update();
			}
		});
		return id;
	}
}
