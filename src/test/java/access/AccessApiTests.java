package access;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import access.testing.AccessTenant;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/** The access API end to end: HTTP → the state machine in PostgreSQL → problem+json for every refusal. */
@JmlHubIntegrationTest
class AccessApiTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	ApiClient api() {
		return new ApiClient(port);
	}

	@BeforeEach
	void catalog() {
		var current = api().get("ada", "/v1/admin/access-packages");
		assertThat(current.statusCode()).isEqualTo(200);
		String etag = current.headers().firstValue("ETag").orElseThrow();
		var saved = api().send("ada", "PUT", "/v1/admin/access-packages", """
				{"version": %s, "packages": [
				 {"key":"wiki-admin","name":"Wiki admin","description":"Administer the wiki","entitlements":["wiki-admin"],
				  "policy":"group","group":"security","quorum":1,"maxDays":30,"incompatibleWith":["wiki-audit"]},
				 {"key":"wiki-audit","name":"Wiki audit","description":"Audit the wiki","entitlements":["wiki-audit"],
				  "policy":"group","group":"security","maxDays":30,"justificationRequired":true},
				 {"key":"budget","name":"Budget sheets","description":"The budget","entitlements":["budget"],
				  "policy":"group","group":"managers","maxDays":30},
				 {"key":"it-tools","name":"IT tools","description":"The IT team's tools","entitlements":["it-tools"],
				  "policy":"group","group":"it","maxDays":30}]}"""
			.formatted(etag.replace("\"", "")));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		transactions.runInTenant("acme", () -> jdbc.sql("""
				UPDATE access_requests SET status = 'cancelled', version = version + 1
				WHERE beneficiary IN ('ivan', 'pia') AND status IN ('submitted', 'approved')""").update());
	}

	@Test
	void aRequestIsSubmittedDecidedOnceAndHeld() {
		assertThat(api().get("ivan", "/v1/access-packages").body()).contains("\"wiki-admin\"", "\"wiki-audit\"");
		HttpResponse<String> created = api().post("ivan", "/v1/access-requests", """
				{"package":"wiki-admin","justification":"migrating spaces","until":"%s"}"""
			.formatted(java.time.LocalDate.now().plusDays(10)));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(created.body()).contains("\"status\":\"submitted\"");
		String id = ApiClient.field(created.body(), "id");
		assertThat(created.headers().firstValue("Location")).hasValue("/v1/access-requests/" + id);

		HttpResponse<String> self = api().post("ivan", "/v1/access-requests/" + id + "/approve", "{}");
		assertThat(self.statusCode()).isEqualTo(403);
		assertThat(self.body()).contains("self-approval");

		HttpResponse<String> approved = api().post("sara", "/v1/access-requests/" + id + "/approve",
				"{\"version\":1,\"reason\":\"ok\"}");
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(200);
		assertThat(approved.body()).contains("\"status\":\"approved\"");
		HttpResponse<String> late = api().post("sam", "/v1/access-requests/" + id + "/approve", "{\"version\":1}");
		assertThat(late.statusCode()).isEqualTo(409);
		assertThat(late.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(late.body()).contains("problems/stale");

		HttpResponse<String> detail = api().get("ivan", "/v1/access-requests/" + id);
		assertThat(detail.statusCode()).isEqualTo(200);
		assertThat(detail.body()).contains("\"decision\":\"submit\"", "\"decision\":\"approve\"", "\"actor\":\"sara\"");
		assertThat(api().get("ivan", "/v1/me/access").body()).contains(id, "\"packageKey\":\"wiki-admin\"");
		// a stranger to the request does not see it
		assertThat(api().get("hana", "/v1/access-requests/" + id).statusCode()).isEqualTo(404);

		HttpResponse<String> conflict = api().post("ivan", "/v1/access-requests", """
				{"package":"wiki-audit","justification":"both"}""");
		assertThat(conflict.statusCode()).isEqualTo(409);
		assertThat(conflict.body()).contains("incompatible-packages", "Wiki admin");
	}

	@Test
	void aWaitingRequestIsInItsApproversInboxBesideTheStagesAndItsPageShowsTheHistory() {
		String id = ApiClient.field(api().post("ivan", "/v1/access-requests", """
				{"package":"budget"}""").body(), "id");
		String inbox = platform.testing.ConsoleSession.login(port, "manny").get("/inbox").body();
		assertThat(inbox).contains("id=\"inbox-requests\"", "/access/requests/" + id, "Budget sheets");
		// the count beside the heading (the nav badge's) counts the request with the stages: every row listed
		int listed = inbox.split("data-label=\"Waiting\"", -1).length - 1;
		assertThat(listed).isPositive();
		java.util.regex.Matcher count = java.util.regex.Pattern.compile("(\\d+\\+?) waiting for your decision").matcher(inbox);
		assertThat(count.find()).as("the count beside the heading").isTrue();
		if (!count.group(1).endsWith("+")) {
			// past the cap (a shared tenant's many stages) the badge says "99+"
			assertThat(Integer.parseInt(count.group(1))).isEqualTo(listed);
		}
		assertThat(platform.testing.ConsoleSession.login(port, "sara").get("/inbox").body())
			.doesNotContain("/access/requests/" + id);
		String page = platform.testing.ConsoleSession.login(port, "ivan").get("/access/requests/" + id).body();
		assertThat(page).contains("Budget sheets", "id=\"history-table\"", "submit");
		assertThat(platform.testing.ConsoleSession.login(port, "ivan").get("/access").body()).contains("package-budget");
	}

	@Test
	void badInputIs400ProblemJsonAndWritesNothing() {
		long before = requests();
		HttpResponse<String> missing = api().post("ivan", "/v1/access-requests", """
				{"package":"wiki-audit"}""");
		assertThat(missing.statusCode()).isEqualTo(400);
		assertThat(missing.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(missing.body()).contains("\"justification\"");
		HttpResponse<String> unknown = api().post("ivan", "/v1/access-requests", """
				{"package":"no-such","justification":"x"}""");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("\"package\"");
		HttpResponse<String> tooLong = api().post("ivan", "/v1/access-requests", """
				{"package":"wiki-admin","until":"2099-01-01"}""");
		assertThat(tooLong.statusCode()).isEqualTo(400);
		assertThat(tooLong.body()).contains("\"until\"");
		// the group "it" is ivan alone: nobody else could approve his request, so it is refused at once
		HttpResponse<String> noApprover = api().post("ivan", "/v1/access-requests", """
				{"package":"it-tools"}""");
		assertThat(noApprover.statusCode()).as(noApprover.body()).isEqualTo(422);
		assertThat(noApprover.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(noApprover.body()).contains("nobody could approve this request", "\"package\"");
		HttpResponse<String> badCatalog = api().send("ada", "PUT", "/v1/admin/access-packages", """
				{"version": 1, "packages": [{"key":"X","policy":"group","group":"nobody","maxDays":0}]}""");
		assertThat(badCatalog.statusCode()).isIn(400, 409);
		assertThat(api().get("ivan", "/v1/admin/access-packages").statusCode()).isEqualTo(403);
		assertThat(requests()).isEqualTo(before);
	}

	/**
	 * pia has no role (a plain employee of the demo): she signs in, sees what she may request, asks,
	 * cancels, asks again and holds the package once an approver decides; every page or operation
	 * that needs a role answers her 403 (problem+json for the API).
	 */
	@Test
	void aUserWithoutARoleRequestsCancelsAndHoldsAccessAndGets403ForWhatNeedsARole() {
		assertThat(api().get("pia", "/v1/me").body()).contains("\"roles\":[]");
		assertThat(api().get("pia", "/v1/access-packages").body()).contains("\"wiki-admin\"");
		HttpResponse<String> first = api().post("pia", "/v1/access-requests", """
				{"package":"wiki-admin","justification":"editing the onboarding pages"}""");
		assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
		String cancelledId = ApiClient.field(first.body(), "id");
		HttpResponse<String> cancelled = api().post("pia", "/v1/access-requests/" + cancelledId + "/cancel",
				"{\"version\":1,\"reason\":\"asked too early\"}");
		assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
		assertThat(cancelled.body()).contains("\"status\":\"cancelled\"");

		String id = ApiClient.field(api().post("pia", "/v1/access-requests", """
				{"package":"wiki-admin","justification":"editing the onboarding pages"}""").body(), "id");
		assertThat(api().get("pia", "/v1/access-requests/" + id).body()).contains("\"requestedBy\":\"pia\"");
		HttpResponse<String> approved = api().post("sara", "/v1/access-requests/" + id + "/approve", "{\"version\":1}");
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(200);
		assertThat(api().get("pia", "/v1/me/access").body()).contains(id, "\"packageKey\":\"wiki-admin\"")
			.doesNotContain(cancelledId);
		assertThat(api().get("pia", "/v1/me/work").body()).contains("\"inbox\":[]", "\"hrQueue\":[]");

		// what needs a role: deciding (a run's stage, someone else's request), the runs, delegation, HR, admin
		String ivans = ApiClient.field(api().post("ivan", "/v1/access-requests", """
				{"package":"budget"}""").body(), "id");
		HttpResponse<String> decide = api().post("pia", "/v1/access-requests/" + ivans + "/approve", "{}");
		assertThat(decide.statusCode()).isEqualTo(403);
		assertThat(decide.body()).contains("not-your-decision");
		for (String path : List.of("/v1/workflow-runs", "/v1/me/delegation", "/v1/hr/employees", "/v1/admin/users",
				"/v1/admin/access-packages")) {
			HttpResponse<String> refused = api().get("pia", path);
			assertThat(refused.statusCode()).as(path).isEqualTo(403);
			assertThat(refused.headers().firstValue("Content-Type")).as(path).hasValue("application/problem+json");
		}
		HttpResponse<String> stage = api().post("pia", "/v1/workflow-runs/" + java.util.UUID.randomUUID() + "/approve",
				"{\"stageId\":\"" + java.util.UUID.randomUUID() + "\"}");
		assertThat(stage.statusCode()).isEqualTo(403);
		assertThat(stage.headers().firstValue("Content-Type")).hasValue("application/problem+json");

		// the console: a home page of what she can do, her request's page, and 403 for the pages of the roles
		ConsoleSession console = ConsoleSession.login(port, "pia");
		HttpResponse<String> home = console.get("/");
		assertThat(home.statusCode()).isEqualTo(200);
		assertThat(home.body()).contains("id=\"home-intro\"", "id=\"home-nav-request-access\"", "id=\"home-my-access\"")
			.doesNotContain("id=\"nav-inbox\"", "id=\"nav-runs\"", "id=\"my-delegation\"", "id=\"home-my-delegation\"");
		assertThat(console.get("/access/mine").body()).contains("Wiki admin");
		assertThat(console.get("/access/requests/" + id).statusCode()).isEqualTo(200);
		for (String path : List.of("/inbox", "/runs", "/work", "/me/delegation", "/hr/employees", "/admin/users")) {
			assertThat(console.get(path).statusCode()).as(path).isEqualTo(403);
		}
	}

	/**
	 * A group's member without the APPROVER role never decides for it, so it counts for no quorum:
	 * the catalog refuses a group of only such members, and a request whose group has no other
	 * approver than its requester is refused at submit (it would wait for someone who cannot decide).
	 */
	@Test
	void aGroupMemberWithoutTheApproverRoleNeitherDecidesNorCountsForTheQuorum() {
		AccessTenant tenant = new AccessTenant(transactions, jdbc, "plain").add("lea", Role.APPROVER, "ops")
			.add("tom", null, "ops", "helpdesk");
		String etag = api().get(tenant.login("boss"), "/v1/admin/access-packages").headers().firstValue("ETag").orElseThrow();
		HttpResponse<String> onlyPlain = api().send(tenant.login("boss"), "PUT", "/v1/admin/access-packages", """
				{"version": %s, "packages": [{"key":"desk","name":"Desk","description":"d","entitlements":["desk"],
				 "policy":"group","group":"helpdesk","maxDays":30}]}""".formatted(etag.replace("\"", "")));
		assertThat(onlyPlain.statusCode()).as(onlyPlain.body()).isIn(400, 422);
		assertThat(onlyPlain.body()).contains("fewer approvers");
		HttpResponse<String> saved = api().send(tenant.login("boss"), "PUT", "/v1/admin/access-packages", """
				{"version": %s, "packages": [{"key":"ops-tools","name":"Ops tools","description":"d","entitlements":["ops"],
				 "policy":"group","group":"ops","maxDays":30}]}""".formatted(etag.replace("\"", "")));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);

		// lea may not decide her own request, and tom is no approver: nobody could
		HttpResponse<String> lea = api().post(tenant.login("lea"), "/v1/access-requests", "{\"package\":\"ops-tools\"}");
		assertThat(lea.statusCode()).as(lea.body()).isEqualTo(422);
		assertThat(lea.body()).contains("no approver besides the requester");
		// tom's request goes to lea, and tom cannot decide hers either way
		HttpResponse<String> tom = api().post(tenant.login("tom"), "/v1/access-requests", "{\"package\":\"ops-tools\"}");
		assertThat(tom.statusCode()).as(tom.body()).isEqualTo(201);
		assertThat(platform.testing.ConsoleSession.login(port, tenant.login("lea")).get("/inbox").body())
			.contains("/access/requests/" + ApiClient.field(tom.body(), "id"));
	}

	private long requests() {
		return transactions.readInTenant("acme", () -> jdbc.sql("SELECT count(*) FROM access_requests").query(Long.class).single());
	}
}
