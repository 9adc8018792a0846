package platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * API tokens over HTTP as an integrator and an admin use them: created once with roles and an
 * expiry, accepted as {@code Bearer} with exactly those roles in exactly that tenant, revoked at
 * once, expired ones refused, never stored in the clear, audited, and managed on a console page.
 */
@JmlHubIntegrationTest
class ApiTokenTests {

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TenantTransactions transactions;

	final JsonMapper json = JsonMapper.builder().build();

	ApiClient api() {
		return new ApiClient(port);
	}

	String uniqueName(String prefix) {
		return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	JsonNode create(String admin, String name, String roles) {
		var response = api().post(admin, "/v1/admin/api-tokens", """
				{"name":"%s","roles":%s,"expiresAt":"%s"}""".formatted(name, roles,
				Instant.now().plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.SECONDS)));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		return json.readTree(response.body());
	}

	@Test
	void anAdminCreatesATokenThatIsShownOnceAndActsWithItsRolesInItsTenant() {
		String name = uniqueName("payroll");
		var response = api().post("ada", "/v1/admin/api-tokens", """
				{"name":"%s","roles":["HR"],"expiresAt":"%s"}""".formatted(name, Instant.now().plus(Duration.ofDays(30))));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		JsonNode created = json.readTree(response.body());
		String id = created.get("apiToken").get("id").asString();
		String secret = created.get("token").asString();
		assertThat(response.headers().firstValue("Location")).hasValue("/v1/admin/api-tokens/" + id);
		assertThat(response.headers().firstValue("Cache-Control")).hasValueSatisfying(v -> assertThat(v).contains("no-store"));
		assertThat(secret).startsWith("jmlh_").hasSize(48);
		assertThat(created.get("apiToken").get("status").asString()).isEqualTo("active");

		var me = api().withToken(secret, "GET", "/v1/me", null);
		assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
		assertThat(me.body()).contains("\"username\":\"token:" + name + "\"", "\"tenant\":\"acme\"", "\"roles\":[\"HR\"]");
		assertThat(api().withToken(secret, "GET", "/v1/hr/employees", null).statusCode()).isEqualTo(200);
		var notItsRole = api().withToken(secret, "GET", "/v1/admin/outbox/backlog", null);
		assertThat(notItsRole.statusCode()).isEqualTo(403);
		assertThat(notItsRole.headers().firstValue("Content-Type")).hasValue("application/problem+json");

		// the secret is never shown again, nor stored: only its SHA-256
		var one = api().get("ada", "/v1/admin/api-tokens/" + id);
		assertThat(one.statusCode()).isEqualTo(200);
		assertThat(one.body()).doesNotContain(secret).contains("\"lastUsedAt\"", "\"createdBy\":\"ada\"");
		assertThat(api().get("ada", "/v1/admin/api-tokens").body()).contains(id).doesNotContain(secret);
		String stored = transactions.readInTenant("acme", () -> jdbc
			.sql("SELECT token_hash || token_hint FROM api_tokens WHERE id = :id").param("id", UUID.fromString(id))
			.query(String.class).single());
		assertThat(stored).startsWith(ApiTokenSecrets.hash(secret)).doesNotContain(secret);
		assertThat(audits("acme", "api_token_created", id)).isEqualTo(1);
	}

	@Test
	void aRevokedTokenGets401ProblemJsonAtOnceAndTheRevocationIsAudited() {
		JsonNode created = create("ada", uniqueName("revoked"), "[\"APPROVER\"]");
		String id = created.get("apiToken").get("id").asString();
		String secret = created.get("token").asString();
		assertThat(api().withToken(secret, "GET", "/v1/me", null).statusCode()).isEqualTo(200);

		var revoked = api().call("ada", "DELETE", "/v1/admin/api-tokens/" + id, null);
		assertThat(revoked.statusCode()).isEqualTo(204);
		var refused = api().withToken(secret, "GET", "/v1/me", null);
		assertThat(refused.statusCode()).isEqualTo(401);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(refused.body()).contains("problems/unauthorized", "revoked");
		assertThat(refused.headers().allValues("WWW-Authenticate")).noneMatch(v -> v.startsWith("Basic"))
			.anyMatch(v -> v.startsWith("Bearer"));
		// revoking again changes nothing
		assertThat(api().call("ada", "DELETE", "/v1/admin/api-tokens/" + id, null).statusCode()).isEqualTo(204);
		assertThat(audits("acme", "api_token_revoked", id)).isEqualTo(1);
		assertThat(api().get("ada", "/v1/admin/api-tokens/" + id).body()).contains("\"status\":\"revoked\"",
				"\"revokedBy\":\"ada\"");
	}

	@Test
	void anExpiredTokenGets401() {
		String secret = new ApiTokenSecrets().newSecret();
		UUID id = UUID.randomUUID();
		Instant now = Instant.now();
		transactions.runInTenant("acme", () -> jdbc.sql("""
				INSERT INTO api_tokens (id, tenant_id, name, roles, token_hash, token_hint, created_by, created_at, expires_at)
				VALUES (:id, 'acme', :name, '{HR}', :hash, 'x', 'ada', :created, :expires)""")
			.param("id", id).param("name", uniqueName("expired")).param("hash", ApiTokenSecrets.hash(secret))
			.param("created", Timestamp.from(now.minus(Duration.ofDays(2))))
			.param("expires", Timestamp.from(now.minusSeconds(1)))
			.update());
		var refused = api().withToken(secret, "GET", "/v1/me", null);
		assertThat(refused.statusCode()).isEqualTo(401);
		assertThat(refused.body()).contains("problems/unauthorized", "expired");
		assertThat(api().get("ada", "/v1/admin/api-tokens/" + id).body()).contains("\"status\":\"expired\"");
		assertThat(lastUsed(id)).as("an expired token's use is not recorded").isNull();
	}

	@Test
	void unknownAndMalformedBearerTokensGet401AndNeverFallBackToBasic() {
		for (String token : new String[] { "jmlh_" + "A".repeat(43), "garbage", "", "jmlh_\u00e9" + "A".repeat(42) }) {
			var refused = api().withToken(token, "GET", "/v1/me", null);
			assertThat(refused.statusCode()).as(token).isEqualTo(401);
			assertThat(refused.headers().firstValue("Content-Type")).as(token).hasValue("application/problem+json");
		}
	}

	@Test
	void tokensAreTenantIsolated() {
		JsonNode created = create("ada", uniqueName("isolated"), "[\"ADMIN\"]");
		String id = created.get("apiToken").get("id").asString();
		String secret = created.get("token").asString();
		// globex's admin neither sees nor revokes acme's token
		assertThat(api().get("gus", "/v1/admin/api-tokens").body()).doesNotContain(id);
		var get = api().get("gus", "/v1/admin/api-tokens/" + id);
		assertThat(get.statusCode()).isEqualTo(404);
		assertThat(get.body()).contains("problems/not-found");
		assertThat(api().call("gus", "DELETE", "/v1/admin/api-tokens/" + id, null).statusCode()).isEqualTo(404);
		assertThat(api().withToken(secret, "GET", "/v1/me", null).statusCode()).as("still active").isEqualTo(200);
		// the acme token sees acme's outbox, and PostgreSQL shows the row to acme only
		assertThat(api().withToken(secret, "GET", "/v1/admin/outbox/backlog", null).statusCode()).isEqualTo(200);
		assertThat(jdbc.sql("SELECT count(*) FROM api_tokens").query(Long.class).single()).isZero();
		assertThat(transactions.readInTenant("globex", () -> jdbc.sql("SELECT count(*) FROM api_tokens WHERE id = :id")
			.param("id", UUID.fromString(id)).query(Long.class).single())).isZero();
	}

	@Test
	void invalidRequestsAre400NamingTheFieldAndWriteNothing() {
		long before = tokenCount();
		String future = Instant.now().plus(Duration.ofDays(3)).toString();
		Map<String, String> cases = Map.of(
				"{\"name\":\"ok\",\"roles\":[\"HR\"]}", "expiresAt",
				"{\"name\":\"ok\",\"roles\":[\"HR\"],\"expiresAt\":\"2001-01-01T00:00:00Z\"}", "expiresAt",
				"{\"name\":\"ok\",\"roles\":[\"HR\"],\"expiresAt\":\"2999-01-01T00:00:00Z\"}", "expiresAt",
				"{\"name\":\"ok\",\"roles\":[\"ROOT\"],\"expiresAt\":\"" + future + "\"}", "roles",
				"{\"name\":\"ok\",\"roles\":[],\"expiresAt\":\"" + future + "\"}", "roles",
				"{\"name\":\"<script>\",\"roles\":[\"HR\"],\"expiresAt\":\"" + future + "\"}", "name",
				"{\"name\":\"ok\",\"roles\":[\"HR\"],\"expiresAt\":\"tomorrow\"}", "expiresAt");
		cases.forEach((body, field) -> {
			var response = api().post("ada", "/v1/admin/api-tokens", body);
			assertThat(response.statusCode()).as(body).isEqualTo(400);
			assertThat(response.headers().firstValue("Content-Type")).as(body).hasValue("application/problem+json");
			assertThat(response.body()).as(body).contains("problems/validation", "\"" + field + "\"");
		});
		String name = uniqueName("twice");
		create("ada", name, "[\"HR\"]");
		var duplicate = api().post("ada", "/v1/admin/api-tokens",
				"{\"name\":\"" + name + "\",\"roles\":[\"HR\"],\"expiresAt\":\"" + future + "\"}");
		assertThat(duplicate.statusCode()).isEqualTo(409);
		assertThat(tokenCount()).isEqualTo(before + 1);
	}

	@Test
	void onlyAPersonWithAdminManagesTokens() {
		assertThat(api().get("hana", "/v1/admin/api-tokens").statusCode()).isEqualTo(403);
		assertThat(api().get(null, "/v1/admin/api-tokens").statusCode()).isEqualTo(401);
		String adminToken = create("ada", uniqueName("admin"), "[\"ADMIN\"]").get("token").asString();
		var minted = api().withToken(adminToken, "POST", "/v1/admin/api-tokens",
				"{\"name\":\"minted\",\"roles\":[\"ADMIN\"],\"expiresAt\":\"" + Instant.now().plus(Duration.ofDays(1)) + "\"}");
		assertThat(minted.statusCode()).as(minted.body()).isEqualTo(403);
		assertThat(api().withToken(adminToken, "GET", "/v1/admin/api-tokens", null).statusCode()).isEqualTo(403);
	}

	@Test
	void basicAuthIsNeverChallengedSoBrowsersNeverCacheIt() {
		for (var response : new java.net.http.HttpResponse<?>[] { api().get(null, "/v1/me"),
				new ApiClient(port, "wrong").get("manny", "/v1/me") }) {
			assertThat(response.statusCode()).isEqualTo(401);
			assertThat(response.headers().allValues("WWW-Authenticate")).isNotEmpty()
				.noneMatch(v -> v.regionMatches(true, 0, "Basic", 0, 5));
		}
		assertThat(api().get("manny", "/v1/me").statusCode()).as("Basic still works for people").isEqualTo(200);
	}

	@Test
	void theConsolePageCreatesShowsOnceAndRevokes() {
		ConsoleSession console = ConsoleSession.login(port, "ada");
		var page = console.get("/admin/api-tokens");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("API tokens", "id=\"api-token-form\"");

		long before = tokenCount();
		var invalid = console.htmxPost("/admin/api-tokens", Map.of("name", "", "expiresOn", "2001-01-01"));
		assertThat(invalid.statusCode()).isEqualTo(200);
		assertThat(invalid.body()).contains("id=\"token-name-error\"", "id=\"token-roles-error\"",
				"id=\"token-expires-error\"", "must be in the future").doesNotContain("<html");
		assertThat(tokenCount()).isEqualTo(before);

		String name = uniqueName("console");
		var created = console.htmxPost("/admin/api-tokens", Map.of("name", name, "roles", "HR",
				"expiresOn", java.time.LocalDate.now().plusDays(10).toString()));
		assertThat(created.statusCode()).isEqualTo(200);
		var secret = java.util.regex.Pattern.compile("id=\"created-token-secret\"[^>]*value=\"(jmlh_[^\"]+)\"")
			.matcher(created.body());
		assertThat(secret.find()).as(created.body()).isTrue();
		assertThat(api().withToken(secret.group(1), "GET", "/v1/me", null).statusCode()).isEqualTo(200);
		assertThat(console.get("/admin/api-tokens").body()).contains(name).doesNotContain(secret.group(1));

		String id = transactions.readInTenant("acme", () -> jdbc.sql("SELECT id FROM api_tokens WHERE name = :name")
			.param("name", name).query(String.class).single());
		var revoked = console.htmxPost("/admin/api-tokens/" + id + "/revoke", Map.of());
		assertThat(revoked.statusCode()).isEqualTo(200);
		assertThat(revoked.body()).contains("Revoked the API token " + name);
		assertThat(api().withToken(secret.group(1), "GET", "/v1/me", null).statusCode()).isEqualTo(401);
		assertThat(console.htmxPostWithoutCsrf("/admin/api-tokens/" + id + "/revoke", Map.of()).statusCode())
			.isEqualTo(403);
		assertThat(ConsoleSession.login(port, "hana").get("/admin/api-tokens").statusCode()).isEqualTo(403);
	}

	private long tokenCount() {
		return transactions.readInTenant("acme", () -> jdbc.sql("SELECT count(*) FROM api_tokens").query(Long.class).single());
	}

	private Instant lastUsed(UUID id) {
		Timestamp at = transactions.readInTenant("acme", () -> jdbc.sql("SELECT last_used_at FROM api_tokens WHERE id = :id")
			.param("id", id).query((rs, row) -> rs.getTimestamp(1)).list().get(0));
		return at == null ? null : at.toInstant();
	}

	private long audits(String tenant, String action, String tokenId) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT count(*) FROM platform_audit WHERE action = :action AND detail ->> 'id' = :id""")
			.param("action", action).param("id", tokenId).query(Long.class).single());
	}
}
