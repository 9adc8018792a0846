package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.OutboxPublisher;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The runs list (page and API): current stage, whom it waits on, due/overdue, blocked and why; the
 * filters mine, overdue, blocked, definition, status and employee, composed with keyset paging;
 * the inbox's bulk approve; and the console's polish (400 page, favicon, notify with nobody).
 */
@JmlHubIntegrationTest
class RunListTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	JdbcClient jdbc;

	RunScenario scenario;

	@BeforeEach
	void setUp() {
		scenario = new RunScenario(new ApiClient(port), json, transactions, outbox);
	}

	static String unique(String prefix) {
		return prefix + " " + UUID.randomUUID().toString().substring(0, 8);
	}

	JsonNode list(String user, String query) {
		return scenario.get(user, "/v1/workflow-runs?" + query);
	}

	static List<String> ids(JsonNode page) {
		List<String> ids = new ArrayList<>();
		page.get("items").forEach(item -> ids.add(item.get("id").asString()));
		return ids;
	}

	@Test
	void eachRowSaysWhatTheRunWaitsOnAndTheFiltersSelectMineOverdueAndBlocked() {
		String family = unique("Listed");
		UUID waiting = scenario.startJoiner(family + " Waiting", "manny");
		UUID overdue = scenario.startJoiner(family + " Late", "manny");
		// ivan's own address: nobody else is in IT, so once the manager approved, the IT stage is blocked
		UUID blocked = scenario.requestJoiner(family + " Blocked", "ivan@acme.example", "manny");
		scenario.approve(blocked, "manager_approval", "manny");
		await().atMost(RunScenario.TIMEOUT).untilAsserted(() -> assertThat(
				RunScenario.stage(scenario.run(blocked), "it_access").get("status").asString()).isEqualTo("blocked"));
		transactions.runInTenant("acme", () -> jdbc.sql("""
				UPDATE workflow_stages SET activated_at = now() - interval '30 hours'
				WHERE run_id = :run AND name = 'manager_approval'""").param("run", overdue).update());
		String q = "q=" + family.replace(' ', '+');

		JsonNode all = list("hana", q);
		assertThat(ids(all)).containsExactlyInAnyOrder(waiting.toString(), overdue.toString(), blocked.toString());
		JsonNode row = item(all, waiting);
		JsonNode stage = row.get("currentStage");
		assertThat(stage.get("name").asString()).isEqualTo("manager_approval");
		assertThat(item(all, blocked).get("currentStage").get("name").asString()).isEqualTo("it_access");
		assertThat(stage.get("status").asString()).isEqualTo("active");
		assertThat(stage.get("waitingOn").toString()).isEqualTo("[\"manny\"]");
		assertThat(stage.get("waitingOnNames").toString()).isEqualTo("[\"Manny Mendes\"]");
		assertThat(stage.get("dueAt").isNull()).isFalse();
		assertThat(stage.get("overdue").asBoolean()).isFalse();
		assertThat(item(all, overdue).get("currentStage").get("overdue").asBoolean()).isTrue();
		JsonNode blockedStage = item(all, blocked).get("currentStage");
		assertThat(blockedStage.get("status").asString()).isEqualTo("blocked");
		assertThat(blockedStage.get("blockedReason").asString()).contains("'it'", "0 eligible");
		assertThat(blockedStage.get("blockedSince").isNull()).isFalse();

		assertThat(ids(list("hana", q + "&overdue=true"))).containsExactly(overdue.toString());
		assertThat(ids(list("hana", q + "&blocked=true"))).containsExactly(blocked.toString());
		assertThat(ids(list("manny", q + "&assignedToMe=true"))).containsExactlyInAnyOrder(waiting.toString(),
				overdue.toString());
		assertThat(ids(list("hana", q + "&overdue=true&blocked=true"))).isEmpty();
		assertThat(ids(list("ivan", q + "&assignedToMe=true"))).isEmpty();
		assertThat(ids(list("hana", q + "&definition=leaver"))).isEmpty();
		assertThat(ids(list("hana", q + "&status=running&blocked=true"))).containsExactly(blocked.toString());
		assertThat(ids(list("hana", "employeeId=" + scenario.employeeOf(overdue) + "&overdue=true")))
			.containsExactly(overdue.toString());

		// every filter composes with the keyset: two pages of one, then none
		JsonNode first = list("manny", q + "&assignedToMe=true&limit=1");
		assertThat(ids(first)).hasSize(1);
		JsonNode second = list("manny", q + "&assignedToMe=true&limit=1&cursor=" + first.get("nextCursor").asString());
		assertThat(ids(second)).hasSize(1).doesNotContainAnyElementsOf(ids(first));
		assertThat(second.has("nextCursor")).as("no page after the last").isFalse();

		ConsoleSession manny = ConsoleSession.login(port, "manny");
		String page = manny.get("/runs?" + q).body();
		assertThat(page).contains("Manager approval", "Manny Mendes", "blocked-indicator", "0 eligible", "overdue");
		String mine = manny.get("/runs?" + q + "&mine=true").body();
		assertThat(mine).contains(waiting.toString(), overdue.toString()).doesNotContain(blocked.toString());
		assertThat(manny.get("/runs?" + q + "&blocked=true").body()).contains(blocked.toString())
			.doesNotContain(waiting.toString());
		assertThat(manny.get("/runs?" + q + "&overdue=true").body()).contains(overdue.toString())
			.doesNotContain(waiting.toString());
	}

	@Test
	void theRunsPageHonoursTheEmployeeFilterOfTheEmployeePageLink() {
		String name = unique("Filtered");
		UUID runId = scenario.startJoiner(name, "manny");
		UUID other = scenario.startJoiner(unique("Unfiltered"), "manny");
		UUID employeeId = scenario.employeeOf(runId);

		ConsoleSession hana = ConsoleSession.login(port, "hana");
		String page = hana.get("/runs?employeeId=" + employeeId).body();
		assertThat(page).contains(runId.toString(), "id=\"employee-filter\"", name).doesNotContain(other.toString());
		// the status chips keep the employee filter
		assertThat(page).contains("/runs?status=running&amp;employeeId=" + employeeId);
		assertThat(hana.get("/runs?employeeId=not-an-id").statusCode()).isEqualTo(200);
	}

	@Test
	void bulkApproveConfirmsTheCountAndApprovesEachStageThroughTheSingleApprovalPath() {
		String family = unique("Bulk");
		UUID one = scenario.startJoiner(family + " One", "manny");
		UUID two = scenario.startJoiner(family + " Two", "manny");
		String stageOne = RunScenario.id(scenario.awaitActiveStage(one, "manager_approval"));
		String stageTwo = RunScenario.id(scenario.awaitActiveStage(two, "manager_approval"));

		ConsoleSession manny = ConsoleSession.login(port, "manny");
		String inbox = manny.get("/inbox").body();
		assertThat(inbox).contains("value=\"" + stageOne + "\"", "value=\"" + stageTwo + "\"", "id=\"bulk-approve\"");
		String confirm = manny.get("/inbox/approve?stage=" + stageOne + "&stage=" + stageTwo + "&stage=" + UUID.randomUUID()).body();
		assertThat(confirm).contains("id=\"bulk-count\"", "Approve 2 stages", "1 selected stage(s) left out");
		Map<String, String> form = new java.util.LinkedHashMap<>();
		Matcher key = Pattern.compile("name=\"key-([0-9a-f-]+)\" value=\"([^\"]+)\"").matcher(confirm);
		while (key.find()) {
			form.put("key-" + key.group(1), key.group(2));
		}
		assertThat(form).hasSize(2);
		HttpResponse<String> done = manny.post("/inbox/approve?stage=" + stageOne + "&stage=" + stageTwo, form);
		assertThat(done.statusCode()).isEqualTo(200);
		assertThat(done.body()).contains("You approved 2 of the 2 selected stages", "data-recorded=\"true\"");
		scenario.awaitActiveStage(one, "it_access");
		scenario.awaitActiveStage(two, "it_access");
		assertThat(scenario.run(one).get("actions").get(0).get("idempotencyKey").asString())
			.isEqualTo(form.get("key-" + stageOne));

		// a second submit of the same confirmation approves nothing twice
		String again = manny.post("/inbox/approve?stage=" + stageOne, Map.of("key-" + stageOne, form.get("key-" + stageOne)))
			.body();
		assertThat(again).contains("You approved 0 of the 1 selected stage;", "no longer waits for your decision")
			.doesNotContain(stageOne);
		assertThat(scenario.run(one).get("actions")).hasSize(1);
		// nothing ticked: no "Approve 0 stages", the inbox says why next to its button
		for (HttpResponse<String> none : List.of(manny.get("/inbox/approve"), manny.post("/inbox/approve", Map.of()))) {
			assertThat(none.statusCode()).isEqualTo(200);
			assertThat(none.body()).contains("id=\"bulk-error\"", "none was ticked", "id=\"inbox-table\"")
				.doesNotContain("Approve 0");
		}
		// only approvers
		assertThat(ConsoleSession.login(port, "hana").get("/inbox/approve?stage=" + stageOne).statusCode()).isEqualTo(403);
	}

	@Test
	void aNotifyStageWithNobodyToNotifySaysSoOnTheRun() {
		UUID runId = scenario.startJoiner(unique("Notified"), "manny");
		scenario.approve(runId, "manager_approval", "manny");
		scenario.approve(runId, "it_access", "ivan");
		scenario.approve(runId, "security_approval", "sara", "sam");
		JsonNode run = scenario.awaitStatus(runId, "completed");
		// acme's hr group has no members
		JsonNode notify = RunScenario.stage(run, "notify_hr");
		assertThat(notify.get("status").asString()).isEqualTo("completed");
		assertThat(notify.get("notice").asString()).contains("nobody was notified", "'hr'");
		assertThat(ConsoleSession.login(port, "hana").get("/runs/" + runId).body()).contains("nobody notified");
	}

	@Test
	void problemPagesExplainThemselvesAndTheFaviconIsServed() throws Exception {
		ConsoleSession hana = ConsoleSession.login(port, "hana");
		HttpResponse<String> malformed = hana.get("/runs/not-a-uuid");
		assertThat(malformed.statusCode()).isEqualTo(400);
		assertThat(malformed.body()).contains("id=\"problem-explanation\"", "not a valid id");
		HttpResponse<String> missing = hana.get("/runs/" + UUID.randomUUID());
		assertThat(missing.statusCode()).isEqualTo(404);
		assertThat(missing.body()).contains("id=\"problem-explanation\"");

		HttpClient http = HttpClient.newHttpClient();
		HttpResponse<byte[]> ico = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/favicon.ico")).build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(ico.statusCode()).isEqualTo(200);
		assertThat(ico.body()).startsWith((byte) 0, (byte) 0, (byte) 1, (byte) 0);
		HttpResponse<String> svg = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/favicon.svg")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(svg.statusCode()).isEqualTo(200);
		assertThat(svg.body()).contains("<svg");
		String page = hana.get("/runs").body();
		assertThat(page).contains("rel=\"icon\"", "/favicon.svg");
		// every stylesheet and script the layout links to is served (static files are mapped by prefix)
		List<String> assets = Pattern.compile("(?:href|src)=\"(/(?:css|js|webjars)/[^\"]+)\"").matcher(page)
			.results().map(match -> match.group(1)).toList();
		assertThat(assets).hasSizeGreaterThanOrEqualTo(4);
		for (String asset : assets) {
			HttpResponse<String> served = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + asset)).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(served.statusCode()).as(asset).isEqualTo(200);
		}
	}

	@Test
	void theInsightsDashboardChartsTheProjectionAndExportsTheHistoryAsSafeCsv() {
		String hostile = "=HYPERLINK(\"http://evil.example\",\"x\") " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(hostile, "manny");
		scenario.approve(runId, "manager_approval", "manny");
		scenario.awaitActiveStage(runId, "it_access");

		ConsoleSession ada = ConsoleSession.login(port, "ada");
		HttpResponse<String> page = ada.get("/admin/insights");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("<svg", "id=\"chart-weekly\"", "id=\"table-weekly\"", "id=\"table-run-durations\"",
				"id=\"table-stage-durations\"", "id=\"table-sla\"", "id=\"table-open\"", "id=\"table-approvers\"",
				"IT access approval", "manny");
		assertThat(ConsoleSession.login(port, "hana").get("/admin/insights").statusCode()).isEqualTo(403);

		HttpResponse<String> csv = ada.get("/admin/insights/runs.csv");
		assertThat(csv.statusCode()).isEqualTo(200);
		assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
		assertThat(csv.body()).startsWith("run_id,definition,employee_id,employee_name,");
		String line = csv.body().lines().filter(l -> l.startsWith(runId.toString())).findFirst().orElseThrow();
		assertThat(line).contains(",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\") ").contains(",running,");
		// another tenant's runs are not in it
		assertThat(ConsoleSession.login(port, "gus").get("/admin/insights/runs.csv").body()).doesNotContain(runId.toString());
	}

	private static JsonNode item(JsonNode page, UUID runId) {
		for (JsonNode item : page.get("items")) {
			if (item.get("id").asString().equals(runId.toString())) {
				return item;
			}
		}
		throw new AssertionError("no run " + runId + " in " + page);
	}
}
