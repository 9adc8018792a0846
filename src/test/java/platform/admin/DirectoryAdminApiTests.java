package platform.admin;

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
import platform.testing.TestTenants;

/**
 * The tenant admin's users and groups API: every action, its refusals (nothing written, no audit
 * entry) and the per-tenant usernames with the {@code user@tenant} login.
 */
@JmlHubIntegrationTest
class DirectoryAdminApiTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	ApiClient api;
	String tenant;
	String boss;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		tenant = TestTenants.create(transactions, jdbc, "dir", "boss");
		boss = "boss@" + tenant;
	}

	HttpResponse<String> createUser(String username, String roles) {
		return api.post(boss, "/v1/admin/users", """
				{"username":"%s","displayName":"%s Person","email":"%s@%s.example","roles":[%s],"password":"demo"}"""
			.formatted(username, username, username, tenant, roles).replace("\"demo\"", "\"demo-password-1\""));
	}

	ApiClient as(String password) {
		return new ApiClient(port, password);
	}

	long audit() {
		return transactions.readInTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM platform_audit").query(Long.class).single());
	}

	@Test
	void anAdminCreatesListsAndReadsAUserAndEveryChangeIsAudited() {
		var created = createUser("ann", "\"APPROVER\"");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(created.headers().firstValue("Location")).hasValue("/v1/admin/users/ann");
		assertThat(created.body()).contains("\"roles\":[\"APPROVER\"]", "\"enabled\":true").doesNotContain("password");

		assertThat(api.get(boss, "/v1/admin/users?q=Ann").body()).contains("\"username\":\"ann\"").doesNotContain("\"boss\"");
		assertThat(api.get(boss, "/v1/admin/users/ann").body()).contains("\"email\":\"ann@" + tenant + ".example\"");
		assertThat(as("demo-password-1").get("ann@" + tenant, "/v1/me").statusCode()).isEqualTo(200);

		var trail = api.get(boss, "/v1/admin/audit?subject=ann");
		assertThat(trail.body()).contains("\"action\":\"user.created\"", "\"actor\":\"boss\"", "\\\"after\\\"");
	}

	@Test
	void aDuplicateUsernameInTheTenantIsAConflictAndTheSameNameInAnotherTenantIsAllowed() {
		assertThat(createUser("dup", "\"HR\"").statusCode()).isEqualTo(201);
		long audited = audit();
		var again = createUser("dup", "\"HR\"");
		assertThat(again.statusCode()).isEqualTo(409);
		assertThat(again.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("problem+json"));
		assertThat(again.body()).contains("https://jmlhub.dev/problems/conflict");
		assertThat(audit()).isEqualTo(audited);

		String other = TestTenants.create(transactions, jdbc, "dir2", "boss");
		var elsewhere = api.post("boss@" + other, "/v1/admin/users", """
				{"username":"dup","displayName":"Dup Two","email":"dup@%s.example","roles":["HR"],"password":"demo-password-1"}"""
			.formatted(other));
		assertThat(elsewhere.statusCode()).as(elsewhere.body()).isEqualTo(201);

		// the same username in two tenants: user@tenant picks one, the bare name is ambiguous
		ApiClient dup = as("demo-password-1");
		assertThat(dup.get("dup@" + tenant, "/v1/me").body()).contains(tenant);
		assertThat(dup.get("dup@" + other, "/v1/me").body()).contains(other);
		assertThat(dup.get("dup", "/v1/me").statusCode()).isEqualTo(401);
		// the demo's unambiguous bare names keep working
		assertThat(api.get("hana", "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api.get("hana@acme", "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api.get("hana@globex", "/v1/me").statusCode()).isEqualTo(401);
	}

	@Test
	void invalidUsersAreRefusedWithTheirFields() {
		long audited = audit();
		var bad = api.post(boss, "/v1/admin/users", """
				{"username":"Not Valid","displayName":"","email":"nope","roles":["KING"],"password":"short"}""");
		assertThat(bad.statusCode()).isEqualTo(400);
		assertThat(bad.body()).contains("https://jmlhub.dev/problems/validation", "\"username\"", "\"displayName\"", "\"email\"",
				"\"password\"");
		var role = createUser("rolf", "\"KING\"");
		assertThat(role.statusCode()).isEqualTo(400);
		assertThat(role.body()).contains("\"roles\"");
		assertThat(audit()).isEqualTo(audited);
		assertThat(api.get(boss, "/v1/admin/users/rolf").statusCode()).isEqualTo(404);
	}

	/** A user without a role is a plain employee: created, signed in, and a role can be taken away (not the last ADMIN's). */
	@Test
	void aUserWithoutARoleIsCreatedSignsInAndRolesCanBeTakenAway() {
		var created = createUser("nora", "");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(created.body()).contains("\"roles\":[]");
		ApiClient nora = as("demo-password-1");
		assertThat(nora.get("nora@" + tenant, "/v1/me").body()).contains("\"roles\":[]");
		assertThat(nora.get("nora@" + tenant, "/v1/access-packages").statusCode()).isEqualTo(200);
		assertThat(nora.get("nora@" + tenant, "/v1/workflow-runs").statusCode()).isEqualTo(403);

		createUser("otto", "\"APPROVER\",\"HR\"");
		var demoted = api.send(boss, "PATCH", "/v1/admin/users/otto", "{\"roles\":[]}");
		assertThat(demoted.statusCode()).as(demoted.body()).isEqualTo(200);
		assertThat(demoted.body()).contains("\"roles\":[]");
		assertThat(as("demo-password-1").get("otto@" + tenant, "/v1/hr/employees").statusCode()).isEqualTo(403);
		assertThat(api.get(boss, "/v1/admin/audit?subject=otto").body()).contains("user.updated");

		// still refused: an unknown role, a role list that is not given, the last ADMIN left without one
		long audited = audit();
		var unknown = api.send(boss, "PATCH", "/v1/admin/users/otto", "{\"roles\":[\"APPROVER\",\"KING\"]}");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("\"roles\"");
		var missing = api.post(boss, "/v1/admin/users", """
				{"username":"pete","displayName":"Pete","email":"pete@%s.example","password":"demo-password-1"}"""
			.formatted(tenant));
		assertThat(missing.statusCode()).isEqualTo(400);
		assertThat(missing.body()).contains("\"roles\"");
		var lastAdmin = api.send(boss, "PATCH", "/v1/admin/users/boss", "{\"roles\":[]}");
		assertThat(lastAdmin.statusCode()).isEqualTo(409);
		assertThat(audit()).isEqualTo(audited);
		assertThat(api.get(boss, "/v1/admin/users/otto").body()).contains("\"roles\":[]");
	}

	@Test
	void aDisabledUserCannotSignInUntilEnabledAgain() {
		createUser("dora", "\"APPROVER\"");
		var disabled = api.post(boss, "/v1/admin/users/dora/disable", null);
		assertThat(disabled.statusCode()).isEqualTo(200);
		assertThat(disabled.body()).contains("\"enabled\":false", "\"openAssignments\":[]");
		assertThat(as("demo-password-1").get("dora@" + tenant, "/v1/me").statusCode()).isEqualTo(401);
		assertThat(api.post(boss, "/v1/admin/users/dora/enable", null).body()).contains("\"enabled\":true");
		assertThat(as("demo-password-1").get("dora@" + tenant, "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api.get(boss, "/v1/admin/audit?subject=dora").body()).contains("user.disabled", "user.enabled");
	}

	@Test
	void theLastAdminCannotBeDemotedOrDisabled() {
		long audited = audit();
		var demote = api.send(boss, "PATCH", "/v1/admin/users/boss", "{\"roles\":[\"HR\"]}");
		assertThat(demote.statusCode()).isEqualTo(409);
		assertThat(demote.body()).contains("last enabled ADMIN");
		assertThat(api.post(boss, "/v1/admin/users/boss/disable", null).statusCode()).isEqualTo(409);
		assertThat(audit()).isEqualTo(audited);
		assertThat(api.get(boss, "/v1/admin/users/boss").body()).contains("\"ADMIN\"", "\"enabled\":true");

		createUser("second", "\"ADMIN\"");
		var nowAllowed = api.send(boss, "PATCH", "/v1/admin/users/boss", "{\"roles\":[\"HR\"]}");
		assertThat(nowAllowed.statusCode()).as(nowAllowed.body()).isEqualTo(200);
		assertThat(nowAllowed.body()).contains("\"roles\":[\"HR\"]");
		assertThat(api.get(boss, "/v1/admin/users").statusCode()).isEqualTo(403);
	}

	@Test
	void anAdminResetsAPasswordAndChangesRoles() {
		createUser("pat", "\"HR\"");
		var changed = api.send(boss, "PATCH", "/v1/admin/users/pat",
				"{\"password\":\"another-password-2\",\"roles\":[\"HR\",\"APPROVER\"],\"displayName\":\"Pat New\"}");
		assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
		assertThat(changed.body()).contains("\"APPROVER\"", "\"Pat New\"");
		assertThat(as("demo-password-1").get("pat@" + tenant, "/v1/me").statusCode()).isEqualTo(401);
		assertThat(as("another-password-2").get("pat@" + tenant, "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api.send(boss, "PATCH", "/v1/admin/users/pat", "{\"password\":\"short\"}").statusCode()).isEqualTo(400);
		String trail = api.get(boss, "/v1/admin/audit?subject=pat").body();
		assertThat(trail).contains("user.updated", "passwordReset").doesNotContain("another-password-2");
	}

	@Test
	void onlyAnAdminOfTheTenantSeesItsUsers() {
		createUser("ivy", "\"APPROVER\"");
		assertThat(as("demo-password-1").get("ivy@" + tenant, "/v1/admin/users").statusCode()).isEqualTo(403);
		// another tenant's admin: the user does not exist for them
		assertThat(api.get("ada", "/v1/admin/users/ivy").statusCode()).isEqualTo(404);
		assertThat(api.post("ada", "/v1/admin/users/ivy/disable", null).statusCode()).isEqualTo(404);
		assertThat(api.get(boss, "/v1/admin/users/ivy").body()).contains("\"enabled\":true");
	}

	@Test
	void groupsAreCreatedRenamedAndTheirMembersChanged() {
		createUser("gil", "\"APPROVER\"");
		createUser("hal", "\"HR\"");
		var created = api.post(boss, "/v1/admin/groups", "{\"name\":\"reviewers\"}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(api.post(boss, "/v1/admin/groups", "{\"name\":\"reviewers\"}").statusCode()).isEqualTo(409);
		assertThat(api.post(boss, "/v1/admin/groups", "{\"name\":\"Bad Name\"}").statusCode()).isEqualTo(400);

		assertThat(api.send(boss, "PUT", "/v1/admin/groups/reviewers/members/gil", null).body())
			.contains("\"members\":[\"gil\"]", "\"eligibleApprovers\":[\"gil\"]");
		// an HR-only member is a member, not an eligible approver
		assertThat(api.send(boss, "PUT", "/v1/admin/groups/reviewers/members/hal", null).body())
			.contains("\"members\":[\"gil\",\"hal\"]", "\"eligibleApprovers\":[\"gil\"]");
		assertThat(api.send(boss, "PUT", "/v1/admin/groups/reviewers/members/nobody", null).statusCode()).isEqualTo(404);
		assertThat(api.send(boss, "DELETE", "/v1/admin/groups/reviewers/members/hal", null).body())
			.contains("\"members\":[\"gil\"]");

		var renamed = api.send(boss, "PATCH", "/v1/admin/groups/reviewers", "{\"name\":\"auditors\"}");
		assertThat(renamed.statusCode()).as(renamed.body()).isEqualTo(200);
		assertThat(renamed.body()).contains("\"name\":\"auditors\"", "\"members\":[\"gil\"]");
		assertThat(api.get(boss, "/v1/admin/groups/reviewers").statusCode()).isEqualTo(404);
		assertThat(api.get(boss, "/v1/admin/users/gil").body()).contains("\"groups\":[\"auditors\"]");

		api.post(boss, "/v1/admin/groups", "{\"name\":\"other\"}");
		assertThat(api.send(boss, "PATCH", "/v1/admin/groups/auditors", "{\"name\":\"other\"}").statusCode()).isEqualTo(409);
		assertThat(api.get(boss, "/v1/admin/audit?subject=auditors").body()).contains("group.renamed");
		assertThat(api.get(boss, "/v1/admin/audit?subject=reviewers").body()).contains("group.member_added", "group.member_removed");
		// another tenant's admin does not see this tenant's groups
		assertThat(api.get("ada", "/v1/admin/groups/auditors").statusCode()).isEqualTo(404);
	}

	@Test
	void aGroupThatADefinitionNamesCannotBeRenamed() {
		api.post(boss, "/v1/admin/groups", "{\"name\":\"it\"}");
		// reading the joiner copies the template, whose IT stage names group it
		assertThat(api.get(boss, "/v1/admin/definitions/joiner").statusCode()).isEqualTo(200);
		var refused = api.send(boss, "PATCH", "/v1/admin/groups/it", "{\"name\":\"tech\"}");
		assertThat(refused.statusCode()).isEqualTo(409);
		assertThat(refused.body()).contains("IT access approval");
		assertThat(api.get(boss, "/v1/admin/groups/it").statusCode()).isEqualTo(200);
	}
}
