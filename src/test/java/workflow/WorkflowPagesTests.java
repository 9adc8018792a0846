package workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.json.JsonMapper;

/**
 * The workflow console pages rendered by the real app: inbox with badge, runs list, run detail
 * with the HTMX action panel (one comment box, inline validation, decision recorded, settled
 * state), HR's queue with its nav badge and JSON equivalent, and their role, assignment and
 * tenant checks.
 */
@JmlHubIntegrationTest
class WorkflowPagesTests {

	private static final Pattern KEY = Pattern.compile("id=\"decision-form\".*?name=\"idempotencyKey\" value=\"([^\"]+)\"",
			Pattern.DOTALL);

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	RunScenario scenario;

	@BeforeEach
	void setUp() {
		scenario = new RunScenario(new ApiClient(port), json, transactions, outbox);
	}

	/** The idempotency key of the page's one decision form, after checking it offers {@code action}. */
	static String key(String page, String action) {
		assertThat(page).contains("id=\"button-" + action + "\"");
		Matcher matcher = KEY.matcher(page);
		if (matcher.find()) {
			return matcher.group(1);
		}
		throw new AssertionError("no decision form in " + page);
	}

	@Test
	void theApproverInboxListsMyStagesWithTheBadgeAndHidesOthers() {
		String name = "Inbox Person " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");

		String inbox = ConsoleSession.login(port, "manny").get("/inbox").body();
		assertThat(inbox).contains(name, "Manager approval", "id=\"inbox-count\"", "/runs/" + runId);
		assertThat(ConsoleSession.login(port, "ivan").get("/inbox").body()).doesNotContain(name);
		assertThat(ConsoleSession.login(port, "hana").get("/inbox").statusCode()).isEqualTo(403);
		assertThat(ConsoleSession.login(port, "gus").get("/runs/" + runId).statusCode()).isEqualTo(404);
	}

	@Test
	void theRunPanelRecordsADecisionWithHtmxAndSettles() {
		String name = "Panel Person " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");
		String stageId = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));

		assertThat(ConsoleSession.login(port, "ivan").get("/runs/" + runId).body()).doesNotContain("id=\"button-approve\"");
		ConsoleSession manny = ConsoleSession.login(port, "manny");
		String page = manny.get("/runs/" + runId).body();
		assertThat(page).contains(name, "id=\"button-approve\"", "id=\"button-reject\"", "id=\"button-return\"")
			.doesNotContain("id=\"button-withdraw\"");

		assertThat(page.split("<textarea", -1)).as("one comment box for every action").hasSize(2);

		String invalid = manny.htmxPost("/runs/" + runId + "/actions/reject",
				Map.of("stageId", stageId, "idempotencyKey", key(page, "reject"), "comment", "")).body();
		assertThat(invalid).startsWith("<section").contains("is-invalid", "A comment is required to reject")
			.doesNotContain("id=\"confirm-form\"");
		// with its comment, a reject asks first (in the panel) and records nothing until confirmed
		String confirm = manny.htmxPost("/runs/" + runId + "/actions/reject",
				Map.of("stageId", stageId, "idempotencyKey", key(page, "reject"), "comment", "Not this one")).body();
		assertThat(confirm).contains("id=\"confirm-form\"", "Reject this run?", "name=\"confirmed\" value=\"true\"",
				"Not this one").doesNotContain("id=\"decision-form\"", "is-invalid");
		assertThat(scenario.run(runId).get("actions")).isEmpty();

		String key = key(page, "approve");
		var first = manny.htmxPost("/runs/" + runId + "/actions/approve",
				Map.of("stageId", stageId, "idempotencyKey", key, "comment", "ok"));
		var second = manny.htmxPost("/runs/" + runId + "/actions/approve",
				Map.of("stageId", stageId, "idempotencyKey", key, "comment", "ok"));
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(second.statusCode()).isEqualTo(200);
		assertThat(first.body()).doesNotContain("id=\"button-approve\"")
			.contains("id=\"action-done\"", "You approved Manager approval for " + name + "’s joiner.", "id=\"next-in-inbox\"")
			.containsPattern("id=\"inbox-count\" hx-swap-oob=\"true\"|hx-swap-oob=\"true\"[^>]*id=\"inbox-count\"");
		assertThat(scenario.run(runId).get("actions")).hasSize(1);

		scenario.awaitActiveStage(runId, "it_access");
		String settled = manny.get("/runs/" + runId + "/panel").body();
		assertThat(settled).contains("data-waiting=\"false\"").doesNotContain("hx-trigger");
		assertThat(manny.get("/runs?status=running&q=" + name.replace(' ', '+')).body()).contains(name);
		assertThat(manny.get("/runs?status=completed&q=" + name.replace(' ', '+')).body()).contains("id=\"runs-empty\"");
	}

	@Test
	void hrsQueueListsAReturnedRunWithItsReasonAndCountsItInTheNav() {
		String name = "Queue Person " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");
		String stageId = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));
		scenario.accepted("manny", runId, "return", stageId, "Wrong department for this role");
		scenario.awaitStatus(runId, "returned");

		ConsoleSession hana = ConsoleSession.login(port, "hana");
		String queue = hana.get("/work").body();
		assertThat(queue).contains(name, "Wrong department for this role", "Manny Mendes", "id=\"hr-work-count\"",
				"data-run-id=\"" + runId + "\"");
		String run = hana.get("/runs/" + runId).body();
		assertThat(run).contains("id=\"return-banner\"", "Wrong department for this role", "id=\"button-resubmit\"",
				"id=\"button-withdraw\"").doesNotContain("hx-confirm=");
		String withdraw = hana.htmxPost("/runs/" + runId + "/actions/withdraw",
				Map.of("idempotencyKey", key(run, "withdraw"), "comment", "")).body();
		assertThat(withdraw).contains("id=\"confirm-form\"", "Withdraw this run?", "id=\"button-confirm-withdraw\"");
		assertThat(scenario.run(runId).get("status").asString()).isEqualTo("returned");
		assertThat(ConsoleSession.login(port, "manny").get("/work").statusCode()).isEqualTo(403);

		// the JSON equivalent: HR's queue for HR, an empty one for an approver
		assertThat(scenario.get("hana", "/v1/me/work").get("hrQueue").toString())
			.contains(runId.toString(), "\"kind\":\"returned\"", "Wrong department for this role");
		assertThat(scenario.get("manny", "/v1/me/work").get("hrQueue")).isEmpty();
	}
}
