package platform.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;

/** The admin console pages for users, groups and definitions, with their inline refusals. */
@JmlHubIntegrationTest
class TenantAdminPagesTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	String tenant;
	ConsoleSession admin;

	@BeforeEach
	void signIn() {
		tenant = TestTenants.create(transactions, jdbc, "pages", "boss");
		admin = ConsoleSession.login(port, "boss@" + tenant);
	}

	HttpResponse<String> createUser(String username, String... roles) {
		admin.get("/admin/users");
		var form = new java.util.LinkedHashMap<>(Map.of("username", username, "displayName", username + " Person",
				"email", username + "@" + tenant + ".example", "password", "demo-password-1"));
		for (String role : roles) {
			form.put("roles", role);
		}
		return admin.post("/admin/users", form);
	}

	@Test
	void anAdminCreatesAUserAndADuplicateIsAnInlineError() {
		var created = createUser("uma", "APPROVER");
		assertThat(created.statusCode()).isEqualTo(302);
		assertThat(admin.follow(created).body()).contains("User uma was created", "uma Person");
		var duplicate = createUser("uma", "APPROVER");
		assertThat(duplicate.statusCode()).isEqualTo(200);
		assertThat(duplicate.body()).contains("This tenant already has a user uma", "is-invalid");
		var invalid = createUser("Bad Name");
		assertThat(invalid.body()).contains("id=\"username-error\"");
		// no role ticked: a plain employee, who may request access
		var plain = createUser("ulla");
		assertThat(plain.statusCode()).as(plain.body()).isEqualTo(302);
		assertThat(admin.get("/admin/users?q=ulla").body()).contains("user-ulla", "no role");
		assertThat(new platform.testing.ApiClient(port, "demo-password-1").get("ulla@" + tenant, "/v1/me").body())
			.contains("\"roles\":[]");
		// a role taken away on the user's page leaves none
		admin.get("/admin/users/uma");
		var demoted = admin.post("/admin/users/uma", Map.of("displayName", "uma Person", "email", "uma@" + tenant + ".example"));
		assertThat(admin.follow(demoted).body()).contains("Changes to uma were saved");
		assertThat(new platform.testing.ApiClient(port, "demo-password-1").get("uma@" + tenant, "/v1/me").body())
			.contains("\"roles\":[]");
		assertThat(admin.htmxGet("/admin/users?q=uma").body()).contains("user-uma").doesNotContain("<html");
	}

	@Test
	void anAdminDisablesAUserAndCannotDisableThemselvesAsTheLastAdmin() {
		createUser("vic", "APPROVER");
		assertThat(admin.get("/admin/users/vic").body()).contains("href=\"/admin/users/vic/disable\"");
		// the confirm page says what the disable would strand before anything changes
		assertThat(admin.get("/admin/users/vic/disable").body())
			.contains("Disable <span>vic Person</span>?", "No open stage is left", "id=\"confirm-disable\"");
		var disabled = admin.post("/admin/users/vic/disable", Map.of());
		assertThat(admin.follow(disabled).body()).contains("vic is disabled", "id=\"disabled-badge\"");
		admin.get("/admin/users/boss");
		var refused = admin.post("/admin/users/boss/disable", Map.of());
		assertThat(admin.follow(refused).body()).contains("Nothing was changed", "last enabled ADMIN");
		assertThat(admin.get("/admin/users/vic").body()).contains("user.disabled");
		assertThat(admin.get("/admin/audit?subject=vic").body()).contains("user.disabled", "user.created");
	}

	@Test
	void groupMembersAreAddedAndRemovedWithHtmx() {
		createUser("walt", "APPROVER");
		admin.get("/admin/groups");
		var created = admin.post("/admin/groups", Map.of("name", "security"));
		assertThat(admin.follow(created).body()).contains("Group security was created");
		var added = admin.htmxPost("/admin/groups/security/members", Map.of("username", "walt"));
		assertThat(added.body()).contains("member-walt", "(1 eligible approver(s))").doesNotContain("<html");
		var removed = admin.htmxPost("/admin/groups/security/members/walt/remove", Map.of());
		assertThat(removed.body()).doesNotContain("member-walt");
	}

	@Test
	void theDefinitionEditorRefusesATooLargeQuorumInlineAndSavesANewVersion() {
		for (String group : new String[] { "managers", "it", "security", "hr" }) {
			admin.get("/admin/groups");
			admin.post("/admin/groups", Map.of("name", group));
		}
		createUser("xena", "APPROVER");
		admin.htmxPost("/admin/groups/it/members", Map.of("username", "xena"));
		admin.htmxPost("/admin/groups/security/members", Map.of("username", "xena"));

		String page = admin.get("/admin/definitions/joiner").body();
		assertThat(page).contains("version 1", "security_approval");
		Map<String, String> form = new java.util.LinkedHashMap<>(Map.of("version", "1"));
		String[][] stages = { { "manager_approval", "Manager approval", "approval", "employee_manager", "1" },
				{ "it_access", "IT access approval", "approval", "it", "1" },
				{ "security_approval", "Security approval", "approval", "security", "2" },
				{ "notify_hr", "Notify HR", "notify", "hr", "1" } };
		for (int i = 0; i < stages.length; i++) {
			form.put("stages[" + i + "].name", stages[i][0]);
			form.put("stages[" + i + "].title", stages[i][1]);
			form.put("stages[" + i + "].kind", stages[i][2]);
			form.put("stages[" + i + "].assignee", stages[i][3]);
			form.put("stages[" + i + "].requiredApprovals", stages[i][4]);
		}
		var refused = admin.post("/admin/definitions/joiner", form);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("needs 2 approvals, but group &#39;security&#39; has 1 eligible approver(s)", "is-invalid");

		form.put("stages[2].requiredApprovals", "1");
		// reminders and escalation: JSON that does not parse, then a value out of bounds, each said at its field
		form.put("stages[0].reminders", "{firstAfter: PT24H");
		var unreadable = admin.post("/admin/definitions/joiner", form);
		assertThat(unreadable.statusCode()).isEqualTo(200);
		assertThat(unreadable.body()).contains("is not the JSON of this setting", "is-invalid", "{firstAfter: PT24H");
		form.put("stages[0].reminders", "{\"firstAfter\": \"PT24H\", \"every\": \"PT24H\", \"max\": 99}");
		form.put("stages[0].escalation", "{\"after\": \"PT72H\", \"to\": {\"group\": \"security\"}, \"addApprover\": true}");
		var tooMany = admin.post("/admin/definitions/joiner", form);
		assertThat(tooMany.statusCode()).isEqualTo(200);
		assertThat(tooMany.body()).contains("max: must be between 1 and 10", "is-invalid");
		assertThat(admin.get("/admin/definitions/joiner").body()).contains("version 1");

		form.put("stages[0].reminders", "{\"firstAfter\": \"PT24H\", \"every\": \"PT24H\", \"max\": 3}");
		var saved = admin.post("/admin/definitions/joiner", form);
		assertThat(saved.statusCode()).isEqualTo(302);
		String after = admin.follow(saved).body();
		assertThat(after).contains("Saved as version 2", "id=\"version-2\"", "required approvals: 2 → 1",
				"{&quot;firstAfter&quot;:&quot;PT24H&quot;,&quot;every&quot;:&quot;PT24H&quot;,&quot;max&quot;:3}",
				"&quot;to&quot;:{&quot;group&quot;:&quot;security&quot;}");
	}

	@Test
	void theDefinitionEditorMovesANewStageAboveNotifyHrWithoutSavingUntilAsked() {
		for (String group : new String[] { "managers", "it", "security", "hr" }) {
			admin.get("/admin/groups");
			admin.post("/admin/groups", Map.of("name", group));
		}
		createUser("yuri", "APPROVER");
		admin.htmxPost("/admin/groups/it/members", Map.of("username", "yuri"));
		admin.htmxPost("/admin/groups/security/members", Map.of("username", "yuri"));
		String page = admin.get("/admin/definitions/joiner").body();
		assertThat(page).contains("id=\"move-0-up\"", "aria-label=\"Move Manager approval down\"");
		Map<String, String> form = new java.util.LinkedHashMap<>(Map.of("version", "1"));
		String[][] stages = { { "manager_approval", "Manager approval", "approval", "employee_manager" },
				{ "it_access", "IT access approval", "approval", "it" },
				{ "security_approval", "Security approval", "approval", "security" },
				{ "notify_hr", "Notify HR", "notify", "hr" },
				{ "badge_access", "Badge access", "approval", "it" } };
		for (int i = 0; i < stages.length; i++) {
			form.put("stages[" + i + "].name", stages[i][0]);
			form.put("stages[" + i + "].title", stages[i][1]);
			form.put("stages[" + i + "].kind", stages[i][2]);
			form.put("stages[" + i + "].assignee", stages[i][3]);
			form.put("stages[" + i + "].requiredApprovals", "1");
		}
		form.put("move", "4:up");
		var moved = admin.post("/admin/definitions/joiner", form);
		assertThat(moved.statusCode()).isEqualTo(200);
		String body = moved.body();
		assertThat(body).contains("Moved \u201cBadge access\u201d to position 4.", "Save to make the new order a version",
				"id=\"current-version\">version 1<");
		assertThat(body.indexOf("value=\"badge_access\"")).isLessThan(body.indexOf("value=\"notify_hr\""));
		assertThat(body).contains("name=\"stages[3].name\" id=\"stages[3].name\" value=\"badge_access\"");

		form.remove("move");
		form.put("stages[3].name", "badge_access");
		form.put("stages[3].title", "Badge access");
		form.put("stages[3].kind", "approval");
		form.put("stages[3].assignee", "it");
		form.put("stages[4].name", "notify_hr");
		form.put("stages[4].title", "Notify HR");
		form.put("stages[4].kind", "notify");
		form.put("stages[4].assignee", "hr");
		var saved = admin.post("/admin/definitions/joiner", form);
		assertThat(saved.statusCode()).isEqualTo(302);
		String after = admin.follow(saved).body();
		assertThat(after).contains("Saved as version 2");
		assertThat(after.indexOf("value=\"badge_access\"")).isLessThan(after.indexOf("value=\"notify_hr\""));
	}

	@Test
	void theOrganisationFieldNamesTheTenantAndIsRemembered() throws Exception {
		HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
		String base = "http://localhost:" + port;
		String login = http.send(HttpRequest.newBuilder(URI.create(base + "/login")).build(), HttpResponse.BodyHandlers.ofString()).body();
		Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(login);
		assertThat(csrf.find()).isTrue();
		String body = "organisation=" + tenant + "&username=boss&password=demo&_csrf=" + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8);
		var response = http.send(HttpRequest.newBuilder(URI.create(base + "/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(302);
		assertThat(response.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).doesNotContain("error"));
		assertThat(response.headers().allValues("Set-Cookie")).anySatisfy(c -> assertThat(c).startsWith("JMLHUB_ORGANISATION=" + tenant));
		// after signing out, the login page fills in the organisation
		var page = http.send(HttpRequest.newBuilder(URI.create(base + "/login")).build(), HttpResponse.BodyHandlers.ofString());
		assertThat(page.body()).contains("value=\"" + tenant + "\"");
	}
}
