package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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

/**
 * Out-of-office delegation, an admin's reassignment and separation of duties, end to end: real
 * runs of a tenant of its own ({@link DelegationTenant}: the outbox, the real Temporal worker, the
 * projection), the API as the tenant's users, the console pages.
 */
@JmlHubIntegrationTest
class DelegationAndReassignmentTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	OutboxPublisher outbox;

	ApiClient api;
	DelegationTenant t;
	String tenant;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		t = new DelegationTenant(api, transactions, jdbc, outbox);
		tenant = t.id;
	}

	String boss() {
		return t.boss();
	}

	String at(String user) {
		return t.at(user);
	}

	UUID joiner(String email, String manager) {
		return t.joiner(email, manager);
	}

	JsonNode activeStage(UUID runId, String name) {
		return t.activeStage(runId, name);
	}

	void awaitRunStatus(UUID runId, String status) {
		t.awaitRunStatus(runId, status);
	}

	long audited(String action) {
		return t.audited(action);
	}

	static List<String> assignees(JsonNode stage) {
		return DelegationTenant.assignees(stage);
	}

	HttpResponse<String> approve(String user, UUID runId, JsonNode stage) {
		return api.post(at(user), "/v1/workflow-runs/" + runId + "/approve",
				"{\"stageId\":\"" + stage.get("id").asString() + "\"}", UUID.randomUUID().toString());
	}

	HttpResponse<String> delegate(String user, String delegate, LocalDate from, LocalDate until) {
		return api.send(at(user), "PUT", "/v1/me/delegation",
				"{\"delegate\":\"" + delegate + "\",\"from\":\"" + from + "\",\"until\":\"" + until + "\"}");
	}

	HttpResponse<String> reassign(String user, UUID runId, JsonNode stage, String body) {
		return api.post(user, "/v1/workflow-runs/" + runId + "/stages/" + stage.get("id").asString() + "/reassign", body);
	}

	static LocalDate today() {
		return LocalDate.now(ZoneOffset.UTC);
	}

	@Test
	void aDelegationRoutesANewAssignmentToTheDelegateWhoApprovesItAndTheInboxSaysForWhom() {
		var set = delegate("mona", "dave", today(), today().plusDays(3));
		assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
		assertThat(set.body()).contains("\"delegate\":\"dave\"", "\"active\":true");
		assertThat(api.get(at("mona"), "/v1/me/delegation").body()).contains("\"delegate\":\"dave\"");
		assertThat(audited("delegation.set")).isEqualTo(1);

		UUID runId = joiner("new-" + UUID.randomUUID() + "@x.example", "mona");
		JsonNode manager = activeStage(runId, "manager_approval");
		assertThat(assignees(manager)).containsExactly("dave");
		assertThat(manager.get("delegatedFor").get("dave").asString()).isEqualTo("mona");

		HttpResponse<String> inbox = ConsoleSession.login(port, at("dave")).get("/inbox");
		assertThat(inbox.body()).contains("for mona");
		// the run page says whose assignment the delegate holds
		assertThat(ConsoleSession.login(port, boss()).get("/runs/" + runId).body()).contains("mona → delegated to dave");
		// mona is away: the assignment is not hers now
		assertThat(approve("mona", runId, manager).statusCode()).isEqualTo(403);

		assertThat(approve("dave", runId, manager).statusCode()).isEqualTo(202);
		// dave approved the manager stage: separation of duties keeps him off IT, so mona keeps her IT assignment
		JsonNode it = activeStage(runId, "it_access");
		assertThat(assignees(it)).containsExactlyInAnyOrder("ivy", "mona");
		assertThat(it.get("delegatedFor").isEmpty()).isTrue();
	}

	@Test
	void settingADelegationMovesOpenAssignmentsAndRemovingItKeepsThemWithTheDelegate() {
		UUID runId = joiner("open-" + UUID.randomUUID() + "@x.example", "mona");
		JsonNode manager = activeStage(runId, "manager_approval");
		assertThat(assignees(manager)).containsExactly("mona");

		var set = delegate("mona", "dave", today().minusDays(1), today().plusDays(1));
		assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
		assertThat(set.body()).contains("\"movedAssignments\":1");
		JsonNode moved = activeStage(runId, "manager_approval");
		assertThat(assignees(moved)).containsExactly("dave");

		assertThat(api.send(at("mona"), "DELETE", "/v1/me/delegation", null).statusCode()).isEqualTo(204);
		assertThat(api.get(at("mona"), "/v1/me/delegation").statusCode()).isEqualTo(404);
		assertThat(audited("delegation.removed")).isEqualTo(1);
		// the delegate keeps what they hold, and decides it
		assertThat(assignees(activeStage(runId, "manager_approval"))).containsExactly("dave");
		assertThat(approve("dave", runId, moved).statusCode()).isEqualTo(202);
		activeStage(runId, "it_access");
	}

	@Test
	void delegationRefusalsHaveStableTypesAndWriteNothing() {
		HttpResponse<String> self = delegate("mona", "mona", today(), today().plusDays(1));
		assertThat(self.statusCode()).isEqualTo(409);
		assertThat(self.body()).contains("https://jmlhub.dev/problems/self-delegation");
		HttpResponse<String> unknown = delegate("mona", "nobody", today(), today().plusDays(1));
		assertThat(unknown.statusCode()).isEqualTo(409);
		assertThat(unknown.body()).contains("https://jmlhub.dev/problems/unknown-delegate");
		// another tenant's user is as unknown as nobody
		HttpResponse<String> otherTenant = delegate("mona", "gus", today(), today().plusDays(1));
		assertThat(otherTenant.statusCode()).isEqualTo(409);
		assertThat(otherTenant.body()).contains("https://jmlhub.dev/problems/unknown-delegate");
		HttpResponse<String> notApprover = delegate("mona", "carl", today(), today().plusDays(1));
		assertThat(notApprover.statusCode()).isEqualTo(409);
		assertThat(notApprover.body()).contains("https://jmlhub.dev/problems/delegate-not-approver");
		HttpResponse<String> backwards = delegate("mona", "dave", today().plusDays(3), today().plusDays(1));
		assertThat(backwards.statusCode()).isEqualTo(400);
		assertThat(backwards.body()).contains("https://jmlhub.dev/problems/validation", "until");
		HttpResponse<String> past = delegate("mona", "dave", today().minusDays(9), today().minusDays(2));
		assertThat(past.statusCode()).isEqualTo(400);
		HttpResponse<String> tooLong = delegate("mona", "dave", today(), today().plusDays(400));
		assertThat(tooLong.statusCode()).isEqualTo(400);
		assertThat(api.send(at("mona"), "PUT", "/v1/me/delegation", "{}").statusCode()).isEqualTo(400);
		assertThat(api.get(at("mona"), "/v1/me/delegation").statusCode()).isEqualTo(404);

		// a chain: dave is away himself in that time
		assertThat(delegate("dave", "ivy", today(), today().plusDays(5)).statusCode()).isEqualTo(200);
		HttpResponse<String> chain = delegate("mona", "dave", today().plusDays(2), today().plusDays(8));
		assertThat(chain.statusCode()).isEqualTo(409);
		assertThat(chain.body()).contains("https://jmlhub.dev/problems/delegation-chain");
		assertThat(api.get(at("mona"), "/v1/me/delegation").statusCode()).isEqualTo(404);
		// HR is no approver: no delegation to set
		assertThat(api.get(at("carl"), "/v1/me/delegation").statusCode()).isEqualTo(403);
		assertThat(audited("delegation.set")).isEqualTo(1);
	}

	@Test
	void anAdminReassignsAnOpenStageToAnEligibleApproverWithAReasonAudited() {
		UUID runId = joiner("re-" + UUID.randomUUID() + "@x.example", "mona");
		JsonNode manager = activeStage(runId, "manager_approval");

		assertThat(reassign(at("mona"), runId, manager, "{\"to\":\"dave\",\"reason\":\"away\"}").statusCode()).isEqualTo(403);
		HttpResponse<String> noReason = reassign(boss(), runId, manager, "{\"to\":\"dave\"}");
		assertThat(noReason.statusCode()).isEqualTo(400);
		assertThat(noReason.body()).contains("reason");
		HttpResponse<String> ineligible = reassign(boss(), runId, manager, "{\"to\":\"ivy\",\"reason\":\"ivy knows them\"}");
		assertThat(ineligible.statusCode()).isEqualTo(409);
		assertThat(ineligible.body()).contains("https://jmlhub.dev/problems/ineligible-approver");
		HttpResponse<String> notApprover = reassign(boss(), runId, manager, "{\"to\":\"carl\",\"reason\":\"x\"}");
		assertThat(notApprover.statusCode()).isEqualTo(409);
		assertThat(notApprover.body()).contains("https://jmlhub.dev/problems/ineligible-approver");
		HttpResponse<String> already = reassign(boss(), runId, manager, "{\"to\":\"mona\",\"reason\":\"x\"}");
		assertThat(already.statusCode()).isEqualTo(409);
		assertThat(already.body()).contains("https://jmlhub.dev/problems/already-assigned");
		assertThat(reassign(boss(), UUID.randomUUID(), manager, "{\"to\":\"dave\",\"reason\":\"x\"}").statusCode()).isEqualTo(404);
		assertThat(reassign("gus", runId, manager, "{\"to\":\"dave\",\"reason\":\"x\"}").statusCode()).isEqualTo(404);
		assertThat(audited("stage.reassigned")).isZero();
		assertThat(assignees(activeStage(runId, "manager_approval"))).containsExactly("mona");

		HttpResponse<String> done = reassign(boss(), runId, manager, "{\"to\":\"dave\",\"reason\":\"Mona is on leave\"}");
		assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
		assertThat(done.body()).contains("\"assignees\":[\"dave\"]");
		assertThat(audited("stage.reassigned")).isEqualTo(1);
		assertThat(api.get(boss(), "/v1/admin/audit?subject=" + runId).body()).contains("stage.reassigned", "Mona is on leave",
				"\"actor\":\"boss\"");

		assertThat(approve("mona", runId, manager).statusCode()).isEqualTo(403);
		assertThat(approve("dave", runId, manager).statusCode()).isEqualTo(202);
		activeStage(runId, "it_access");
	}

	@Test
	void separationOfDutiesKeepsTheEmployeeAndTheEarlierStagesApproverOff() {
		// eve is the employee (her work email) and a manager: her own run goes to the other managers
		UUID own = joiner("eve@" + tenant + ".example", null);
		JsonNode ownStage = activeStage(own, "manager_approval");
		assertThat(assignees(ownStage)).containsExactlyInAnyOrder("dave", "mona");
		HttpResponse<String> self = approve("eve", own, ownStage);
		assertThat(self.statusCode()).isEqualTo(403);
		assertThat(self.body()).contains("https://jmlhub.dev/problems/separation-of-duties");
		HttpResponse<String> toEmployee = reassign(boss(), own, ownStage, "{\"to\":\"eve\",\"reason\":\"x\",\"from\":\"dave\"}");
		assertThat(toEmployee.statusCode()).isEqualTo(409);
		assertThat(toEmployee.body()).contains("https://jmlhub.dev/problems/separation-of-duties");
		// nor may she be the delegate of an approver of her run
		assertThat(delegate("dave", "eve", today(), today()).statusCode()).isEqualTo(200);
		assertThat(assignees(activeStage(own, "manager_approval"))).containsExactlyInAnyOrder("dave", "mona");

		// mona approves as manager: IT must be someone else, though she is in IT
		UUID runId = joiner("sod-" + UUID.randomUUID() + "@x.example", "mona");
		assertThat(approve("mona", runId, activeStage(runId, "manager_approval")).statusCode()).isEqualTo(202);
		JsonNode it = activeStage(runId, "it_access");
		assertThat(assignees(it)).containsExactly("ivy");
		HttpResponse<String> twice = approve("mona", runId, it);
		assertThat(twice.statusCode()).isEqualTo(403);
		assertThat(twice.body()).contains("https://jmlhub.dev/problems/separation-of-duties", "manager_approval");
		HttpResponse<String> back = reassign(boss(), runId, it, "{\"to\":\"mona\",\"reason\":\"x\"}");
		assertThat(back.statusCode()).isEqualTo(409);
		assertThat(back.body()).contains("https://jmlhub.dev/problems/separation-of-duties");
		assertThat(approve("ivy", runId, it).statusCode()).isEqualTo(202);
		awaitRunStatus(runId, "completed");
	}

	@Test
	void aDefinitionsDistinctApproversRuleIsValidatedOnSave() {
		HttpResponse<String> later = api.send(boss(), "PUT", "/v1/admin/definitions/mover", """
				{"stages":[
				 {"name":"first","title":"First","kind":"approval","assignee":"managers","distinctFrom":"second"},
				 {"name":"second","title":"Second","kind":"approval","assignee":"it"},
				 {"name":"tell","title":"Tell","kind":"notify","assignee":"hr","distinctFrom":"first"}]}""");
		assertThat(later.statusCode()).isEqualTo(422);
		assertThat(later.body()).contains("stages[0].distinctFrom", "not an earlier stage", "stages[2].distinctFrom");
		// one group for both stages: it has 2 eligible approvers, the stages need 1 + 2
		HttpResponse<String> small = api.send(boss(), "PUT", "/v1/admin/definitions/mover", """
				{"stages":[
				 {"name":"first","title":"First","kind":"approval","assignee":"it"},
				 {"name":"second","title":"Second","kind":"approval","assignee":"it","requiredApprovals":2,"distinctFrom":"first"}]}""");
		assertThat(small.statusCode()).isEqualTo(422);
		assertThat(small.body()).contains("stages[1]", "distinct approvers need 3 eligible approvers");
	}

	@Test
	void theConsolePagesSetADelegationWithInlineErrorsAndReassignFromTheRunPage() {
		ConsoleSession mona = ConsoleSession.login(port, at("mona"));
		assertThat(mona.get("/me/delegation").body()).contains("My delegation", "id=\"delegation-none\"");
		HttpResponse<String> self = mona.htmxPost("/me/delegation",
				Map.of("delegate", "mona", "from", today().toString(), "until", today().plusDays(2).toString()));
		assertThat(self.statusCode()).isEqualTo(200);
		assertThat(self.body()).contains("is-invalid", "You cannot delegate to yourself");
		HttpResponse<String> badDate = mona.htmxPost("/me/delegation", Map.of("delegate", "dave", "from", "soon", "until", ""));
		assertThat(badDate.body()).contains("is-invalid", "must be a date");
		HttpResponse<String> set = mona.htmxPost("/me/delegation",
				Map.of("delegate", "dave", "from", today().toString(), "until", today().plusDays(2).toString()));
		assertThat(set.body()).contains("id=\"delegation-current\"", "Delegated to dave", "active now");
		// dave decides manager approvals with mona, but not IT ones: the page says so
		assertThat(set.body()).contains("id=\"delegation-warnings\"", "dave is not a member of group it")
			.doesNotContain("dave is not a manager");
		assertThat(mona.get("/inbox").body()).contains("id=\"inbox-delegation\"", "Your approvals go to ");
		assertThat(ConsoleSession.login(port, at("dave")).get("/inbox").body()).contains("You act for ");
		assertThat(mona.htmxPost("/me/delegation/remove", Map.of()).body()).contains("Delegation removed");

		UUID runId = joiner("page-" + UUID.randomUUID() + "@x.example", "mona");
		JsonNode manager = activeStage(runId, "manager_approval");
		ConsoleSession admin = ConsoleSession.login(port, boss());
		assertThat(admin.get("/runs/" + runId).body()).contains("/runs/" + runId + "/reassign");
		HttpResponse<String> box = admin.htmxGet("/runs/" + runId + "/reassign");
		assertThat(box.body()).contains("id=\"reassign-form\"", "<option value=\"dave\"");
		String action = "/runs/" + runId + "/stages/" + manager.get("id").asString() + "/reassign";
		HttpResponse<String> refused = admin.htmxPost(action, Map.of("to", "ivy", "reason", "try"));
		assertThat(refused.body()).contains("is-invalid", "not an eligible approver");
		HttpResponse<String> done = admin.htmxPost(action, Map.of("to", "dave", "reason", "covering"));
		assertThat(done.body()).contains("Reassigned", "assigned to dave");
		assertThat(ConsoleSession.login(port, at("carl")).get("/runs/" + runId + "/reassign").statusCode()).isEqualTo(403);
	}
}
