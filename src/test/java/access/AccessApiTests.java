package access;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
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
				WHERE beneficiary = 'ivan' AND status IN ('submitted', 'approved')""").update());
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

	private long requests() {
		return transactions.readInTenant("acme", () -> jdbc.sql("SELECT count(*) FROM access_requests").query(Long.class).single());
	}
}
