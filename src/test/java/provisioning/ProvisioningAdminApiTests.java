package provisioning;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The admin's targets and entitlements over HTTP: only ADMIN, bad input a 400 problem naming the
 * field with nothing written, the bind password sealed and never answered, each save a new version
 * in the audit trail.
 */
@JmlHubIntegrationTest
class ProvisioningAdminApiTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TenantTransactions transactions;

	@Test
	void onlyAnAdminReadsOrChangesTheTargets() {
		ApiClient api = new ApiClient(port);
		assertThat(api.get("hana", "/v1/admin/provisioning/targets").statusCode()).isEqualTo(403);
		assertThat(api.send("manny", "PUT", "/v1/admin/provisioning/entitlements", "{\"version\":0,\"entitlements\":[]}")
			.statusCode()).isEqualTo(403);
		assertThat(api.get("ada", "/v1/admin/provisioning/targets").statusCode()).isEqualTo(200);
	}

	@Test
	void badInputIsA400NamingEachFieldAndNothingIsWritten() {
		ApiClient api = new ApiClient(port);
		int before = json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body()).path("version").asInt();
		HttpResponse<String> refused = api.send("ada", "PUT", "/v1/admin/provisioning/targets", """
				{"version": %d, "targets": [{"key": "Bad Key", "url": "http://example.org", "bindDn": "not a dn",
				 "bindPassword": "x", "baseDn": "dc=example,dc=org", "peopleOu": "ou=people", "profile": "novell"}]}"""
			.formatted(before));
		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
			.startsWith("application/problem+json"));
		assertThat(refused.body()).contains("targets[0].key", "targets[0].url", "targets[0].bindDn", "targets[0].profile")
			.doesNotContain("Exception");
		assertThat(json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body()).path("version").asInt())
			.isEqualTo(before);

		HttpResponse<String> unknownTarget = api.send("ada", "PUT", "/v1/admin/provisioning/entitlements", """
				{"version": %d, "entitlements": [{"grant": "accounts", "target": "nowhere", "naming": "uid=plain",
				 "groups": ["not a dn"], "undo": "archive", "disabledOu": "not an rdn"}]}""".formatted(json.readTree(api.get("ada", "/v1/admin/provisioning/entitlements")
			.body()).path("version").asInt()));
		assertThat(unknownTarget.statusCode()).isEqualTo(400);
		assertThat(unknownTarget.body()).contains("entitlements[0].target", "entitlements[0].naming", "entitlements[0].groups",
				"entitlements[0].undo", "entitlements[0].disabledOu");
	}

	@Test
	void theBindPasswordIsSealedNeverAnsweredAndKeptWhenLeftOut() {
		ApiClient api = new ApiClient(port);
		String secret = "api-test-secret-" + System.nanoTime();
		int version = json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body()).path("version").asInt();
		HttpResponse<String> saved = api.send("ada", "PUT", "/v1/admin/provisioning/targets", """
				{"version": %d, "targets": [{"key": "corp", "url": "ldap://127.0.0.1:1", "bindDn": "cn=admin,dc=corp,dc=example",
				 "bindPassword": "%s", "baseDn": "dc=corp,dc=example", "peopleOu": "ou=people", "profile": "openldap"}]}"""
			.formatted(version, secret));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.body()).doesNotContain(secret);
		assertThat(saved.headers().firstValue("ETag")).hasValue("\"" + (version + 1) + "\"");

		// saved again without the password: the stored one stays
		HttpResponse<String> again = api.send("ada", "PUT", "/v1/admin/provisioning/targets", """
				{"version": %d, "targets": [{"key": "corp", "url": "ldap://127.0.0.1:2", "bindDn": "cn=admin,dc=corp,dc=example",
				 "baseDn": "dc=corp,dc=example", "peopleOu": "ou=people", "profile": "openldap"}]}""".formatted(version + 1));
		assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
		JsonNode target = json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body()).path("targets").get(0);
		assertThat(target.path("bindPasswordSet").asBoolean()).isTrue();
		assertThat(target.path("bindPassword").isNull() || target.path("bindPassword").isMissingNode()).isTrue();
		String stored = transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT document->0->>'bindPassword' FROM provisioning_settings WHERE kind = 'targets'
				ORDER BY version DESC LIMIT 1""").query(String.class).single());
		assertThat(stored).startsWith("enc:").doesNotContain(secret);

		HttpResponse<String> stale = api.send("ada", "PUT", "/v1/admin/provisioning/targets",
				"{\"version\": %d, \"targets\": []}".formatted(version));
		assertThat(stale.statusCode()).isEqualTo(409);

		String audit = transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT detail::text FROM platform_audit WHERE action = 'provisioning.targets.saved'
				ORDER BY id DESC LIMIT 1""").query(String.class).single());
		assertThat(audit).contains("corp").doesNotContain(secret).doesNotContain("enc:");
	}

	@Test
	void anActiveDirectoryTargetIsAcceptedAndItsAccountsAreNamedByCn() {
		ApiClient api = new ApiClient(port);
		JsonNode targets = json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body());
		JsonNode entitlements = json.readTree(api.get("ada", "/v1/admin/provisioning/entitlements").body());
		tools.jackson.databind.node.ArrayNode withAd = ((tools.jackson.databind.node.ArrayNode) targets.path("targets")).deepCopy();
		withAd.add(json.readTree("""
				{"key": "corp-ad", "url": "ldap://127.0.0.1:1", "bindDn": "CN=Administrator,CN=Users,DC=corp,DC=example",
				 "bindPassword": "ad-secret", "baseDn": "DC=corp,DC=example", "peopleOu": "OU=people", "profile": "active_directory"}"""));
		HttpResponse<String> saved = api.send("ada", "PUT", "/v1/admin/provisioning/targets",
				"{\"version\": %d, \"targets\": %s}".formatted(targets.path("version").asInt(), withAd));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		try {
			int version = entitlements.path("version").asInt();
			HttpResponse<String> uid = api.send("ada", "PUT", "/v1/admin/provisioning/entitlements", """
					{"version": %d, "entitlements": [{"grant": "ad-accounts", "target": "corp-ad", "naming": "uid={username}"}]}"""
				.formatted(version));
			assertThat(uid.statusCode()).isEqualTo(400);
			assertThat(uid.body()).contains("entitlements[0].naming", "Active Directory");
			HttpResponse<String> cn = api.send("ada", "PUT", "/v1/admin/provisioning/entitlements", """
					{"version": %d, "entitlements": [{"grant": "ad-accounts", "target": "corp-ad", "naming": "cn={displayName}",
					 "undo": "disable"}]}""".formatted(version));
			assertThat(cn.statusCode()).as(cn.body()).isEqualTo(200);
		}
		finally {
			int now = json.readTree(api.get("ada", "/v1/admin/provisioning/entitlements").body()).path("version").asInt();
			assertThat(api.send("ada", "PUT", "/v1/admin/provisioning/entitlements", "{\"version\": %d, \"entitlements\": %s}"
				.formatted(now, entitlements.path("entitlements"))).statusCode()).isEqualTo(200);
			int targetsNow = json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body()).path("version").asInt();
			assertThat(api.send("ada", "PUT", "/v1/admin/provisioning/targets", "{\"version\": %d, \"targets\": %s}"
				.formatted(targetsNow, targets.path("targets"))).statusCode()).isEqualTo(200);
		}
	}
}
