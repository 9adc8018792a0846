package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * Tenant isolation on every console page: gus (globex, every role and group) can neither see nor
 * act on acme's employee, run or outbox event, whatever URL he types.
 */
@JmlHubIntegrationTest
class ConsoleTenantIsolationTests {

	@LocalServerPort
	int port;

	@Test
	void gusOfGlobexCannotSeeOrTouchAcmesData() {
		ApiClient api = new ApiClient(port);
		String name = "Isolated " + UUID.randomUUID().toString().substring(0, 8);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"%s","email":"%s@acme.example","department":"Ops","manager":"manny","startDate":"%s",\
				"allowBackdated":true}"""
			.formatted(name, UUID.randomUUID(), java.time.LocalDate.now().minusDays(10)));
		assertThat(hired.statusCode()).isEqualTo(201);
		String employeeId = ApiClient.field(hired.body(), "id");
		String eventId = ApiClient.field(api.get("ada", "/v1/admin/outbox/events?aggregateId=" + employeeId).body(), "id");
		AtomicReference<String> runId = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			String runs = api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body();
			assertThat(runs).contains("\"status\":\"running\"");
			runId.set(ApiClient.field(runs, "id"));
		});

		ConsoleSession manny = ConsoleSession.login(port, "manny");
		assertThat(manny.get("/runs/" + runId.get()).body()).as("acme sees its own run").contains(name);

		ConsoleSession gus = ConsoleSession.login(port, "gus");
		for (String page : new String[] { "/hr/employees/" + employeeId, "/runs/" + runId.get(),
				"/admin/outbox/events/" + eventId, "/admin/outbox/dead-letters/" + eventId }) {
			var response = gus.get(page);
			assertThat(response.statusCode()).as(page).isEqualTo(404);
			assertThat(response.body()).as(page).contains("Not found").doesNotContain(name);
		}
		for (String list : new String[] { "/hr/employees?q=Isolated", "/runs", "/inbox",
				"/admin/outbox/events?aggregateId=" + employeeId, "/admin/outbox/dead-letters" }) {
			var response = gus.get(list);
			assertThat(response.statusCode()).as(list).isEqualTo(200);
			assertThat(response.body()).as(list).doesNotContain(name).doesNotContain(runId.get());
		}
		var approve = gus.htmxPost("/runs/" + runId.get() + "/actions/approve",
				Map.of("stageId", UUID.randomUUID().toString(), "idempotencyKey", UUID.randomUUID().toString(),
						"comment", "not mine"));
		assertThat(approve.statusCode()).isEqualTo(404);
		var offboard = gus.htmxPost("/hr/employees/" + employeeId + "/offboard", Map.of("lastDay", "2026-12-31"));
		assertThat(offboard.statusCode()).isEqualTo(404);
		var cancel = gus.htmxPost("/hr/employees/" + employeeId + "/offboarding/cancel", Map.of());
		assertThat(cancel.statusCode()).isEqualTo(404);
		// untouched: still a pre-hire (its joiner run is open), not leaving
		assertThat(api.get("hana", "/v1/hr/employees/" + employeeId).body()).contains("\"status\":\"pre_hire\"")
			.doesNotContain("lastDay");
	}
}
