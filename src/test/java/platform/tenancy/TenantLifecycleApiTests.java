package platform.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A platform operator runs a tenant's lifecycle over {@code /v1/platform/tenants} (the demo's ada
 * is the operator): create with a first admin, suspend (sign-ins, API tokens and console sessions
 * refused), resume, export, delete after the grace period; every action audited; the refusals
 * (bad input, duplicates, non-operators, too early) write nothing.
 */
@JmlHubIntegrationTest
class TenantLifecycleApiTests {

	static final String OPERATOR = "ada@acme";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	JsonMapper json;

	ApiClient api() {
		return new ApiClient(port);
	}

	static String newId() {
		return "t-" + UUID.randomUUID().toString().substring(0, 8);
	}

	HttpResponse<String> create(String id, String admin) {
		return api().post(OPERATOR, "/v1/platform/tenants", """
				{"id":"%s","name":"Tenant %s","admin":{"username":"%s","email":"%s@%s.example"}}""".formatted(id, id, admin, admin, id));
	}

	List<String> actions(String tenant, String subject) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT action FROM platform_audit WHERE detail->>'subject' = :subject ORDER BY id""")
			.param("subject", subject)
			.query(String.class)
			.list());
	}

	@Test
	void anOperatorCreatesATenantWhoseAdminSignsInWithTheGeneratedPasswordShownOnce() {
		String id = newId();
		HttpResponse<String> created = create(id, "first");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(created.headers().firstValue("Location")).hasValue("/v1/platform/tenants/" + id);
		assertThat(created.headers().firstValue("Cache-Control")).hasValue("no-store");
		JsonNode body = json.readTree(created.body());
		assertThat(body.get("tenant").get("status").asString()).isEqualTo("active");
		assertThat(body.get("admin").get("roles").toString()).contains("ADMIN", "HR");
		String password = body.get("password").asString();
		assertThat(password).hasSizeGreaterThanOrEqualTo(12);

		HttpResponse<String> me = new ApiClient(port, password).get("first@" + id, "/v1/me");
		assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
		assertThat(me.body()).contains("\"tenant\":\"" + id + "\"");
		assertThat(new ApiClient(port, password).get("first@" + id, "/v1/admin/users").statusCode()).isEqualTo(200);

		HttpResponse<String> list = api().get(OPERATOR, "/v1/platform/tenants");
		assertThat(list.statusCode()).isEqualTo(200);
		JsonNode listed = null;
		for (JsonNode tenant : json.readTree(list.body()).get("items")) {
			if (tenant.get("id").asString().equals(id)) {
				listed = tenant;
			}
		}
		assertThat(listed).as(list.body()).isNotNull();
		assertThat(listed.get("users").asLong()).isEqualTo(1);
		assertThat(list.body()).contains("\"id\":\"acme\"", "\"id\":\"globex\"");

		// the tenant's own trail and the operator's
		assertThat(actions(id, id)).containsExactly("tenant.created");
		assertThat(transactions.readInTenant(id, () -> jdbc.sql("SELECT actor FROM platform_audit WHERE action = 'user.created'")
			.query(String.class).single())).isEqualTo(OPERATOR);
		assertThat(actions("acme", id)).containsExactly("tenant.created");
	}

	@Test
	void badInputDuplicatesAndNonOperatorsAreRefusedAndWriteNothing() {
		HttpResponse<String> badId = api().post(OPERATOR, "/v1/platform/tenants", """
				{"id":"Not A Tenant!","name":"x","admin":{"username":"a","email":"not-an-email"}}""");
		assertThat(badId.statusCode()).isEqualTo(400);
		assertThat(badId.headers().firstValue("Content-Type").orElse("")).contains("problem+json");
		assertThat(badId.body()).contains("\"id\"", "admin.email");

		String id = newId();
		assertThat(create(id, "one").statusCode()).isEqualTo(201);
		HttpResponse<String> duplicate = create(id, "two");
		assertThat(duplicate.statusCode()).isEqualTo(409);
		assertThat(duplicate.body()).contains("problems/tenant-exists");
		assertThat(transactions.readInTenant(id, () -> jdbc.sql("SELECT username FROM app_users").query(String.class).list()))
			.containsExactly("one");

		String other = newId();
		HttpResponse<String> byTenantAdmin = api().post("gus", "/v1/platform/tenants", """
				{"id":"%s","name":"x","admin":{"username":"a","email":"a@x.example"}}""".formatted(other));
		assertThat(byTenantAdmin.statusCode()).isEqualTo(403);
		assertThat(api().get("gus", "/v1/platform/tenants").statusCode()).isEqualTo(403);
		assertThat(transactions.readInTenant(other, () -> jdbc.sql("SELECT count(*) FROM tenants").query(Long.class).single()))
			.isZero();

		HttpResponse<String> own = api().post(OPERATOR, "/v1/platform/tenants/acme/suspend", null);
		assertThat(own.statusCode()).isEqualTo(409);
		assertThat(own.body()).contains("problems/own-tenant");
		assertThat(api().get(OPERATOR, "/v1/platform/tenants/nope-" + UUID.randomUUID()).statusCode()).isEqualTo(404);
	}

	@Test
	void aSuspendedTenantsSignInsTokensAndSessionsAreRefusedUntilItIsResumed() {
		String tenant = TestTenants.create(transactions, jdbc, "susp", "boss");
		String boss = "boss@" + tenant;
		HttpResponse<String> token = api().post(boss, "/v1/admin/api-tokens", """
				{"name":"sync","roles":["HR"],"expiresAt":"%s"}""".formatted(Instant.now().plus(Duration.ofDays(30))));
		assertThat(token.statusCode()).as(token.body()).isEqualTo(201);
		String secret = json.readTree(token.body()).get("token").asString();
		ConsoleSession console = ConsoleSession.login(port, boss);
		assertThat(console.get("/hr/employees").statusCode()).isEqualTo(200);

		HttpResponse<String> suspended = api().post(OPERATOR, "/v1/platform/tenants/" + tenant + "/suspend", """
				{"reason":"unpaid invoices"}""");
		assertThat(suspended.statusCode()).as(suspended.body()).isEqualTo(200);
		assertThat(suspended.body()).contains("\"status\":\"suspended\"", "\"suspendedBy\":\"ada@acme\"",
				"\"suspensionReason\":\"unpaid invoices\"", "\"deletableFrom\":");

		HttpResponse<String> basic = api().get(boss, "/v1/me");
		assertThat(basic.statusCode()).isEqualTo(403);
		assertThat(basic.body()).contains("problems/tenant-suspended", "suspended by the platform operator");
		HttpResponse<String> byToken = api().withToken(secret, "GET", "/v1/hr/employees", null);
		assertThat(byToken.statusCode()).isEqualTo(403);
		assertThat(byToken.body()).contains("problems/tenant-suspended");
		HttpResponse<String> page = console.get("/hr/employees");
		assertThat(page.statusCode()).isEqualTo(302);
		assertThat(page.headers().firstValue("Location").orElse("")).endsWith("/login?suspended");
		assertThat(console.get("/login?suspended").body()).contains("Your organisation is suspended");
		HttpResponse<String> again = console.get("/hr/employees");
		assertThat(again.headers().firstValue("Location").orElse("")).as("the session has ended").endsWith("/login");
		// another tenant is untouched, and suspending twice is a conflict
		assertThat(api().get("gus", "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api().post(OPERATOR, "/v1/platform/tenants/" + tenant + "/suspend", null).statusCode()).isEqualTo(409);

		HttpResponse<String> resumed = api().post(OPERATOR, "/v1/platform/tenants/" + tenant + "/resume", null);
		assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
		assertThat(resumed.body()).contains("\"status\":\"active\"");
		assertThat(api().get(boss, "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api().withToken(secret, "GET", "/v1/hr/employees", null).statusCode()).isEqualTo(200);
		assertThat(ConsoleSession.login(port, boss).get("/hr/employees").statusCode()).isEqualTo(200);
		assertThat(api().post(OPERATOR, "/v1/platform/tenants/" + tenant + "/resume", null).statusCode()).isEqualTo(409);

		assertThat(actions(tenant, tenant)).containsExactly("tenant.suspended", "tenant.resumed");
		assertThat(actions("acme", tenant)).containsExactly("tenant.suspended", "tenant.resumed");
	}

	@Test
	void theExportHoldsEveryTenantTableAsJsonLinesOfThatTenantOnlyWithoutCredentials() throws IOException {
		String tenant = TestTenants.create(transactions, jdbc, "exp", "boss");
		HttpResponse<String> employee = api().post("boss@" + tenant, "/v1/hr/employees", """
				{"displayName":"Exa Porter","email":"exa@%s.example","department":"Ops","startDate":"2031-01-05"}""".formatted(tenant));
		assertThat(employee.statusCode()).as(employee.body()).isEqualTo(201);

		HttpResponse<byte[]> archive = download("/v1/platform/tenants/" + tenant + "/export");
		assertThat(archive.statusCode()).isEqualTo(200);
		assertThat(archive.headers().firstValue("Content-Type")).hasValue("application/zip");
		assertThat(archive.headers().firstValue("Content-Disposition").orElse("")).contains("attachment", "tenant-" + tenant);
		Map<String, String> entries = unzip(archive.body());

		List<String> tenantTables = transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT c.table_name FROM information_schema.columns c
				JOIN information_schema.tables t USING (table_schema, table_name)
				WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'""")
			.query(String.class).list());
		assertThat(tenantTables).contains("employees", "app_users", "platform_audit", "outbox_events");
		for (String table : tenantTables) {
			assertThat(entries).containsKey(table + ".jsonl");
			for (String line : entries.get(table + ".jsonl").lines().toList()) {
				assertThat(json.readTree(line).get("tenant_id").asString()).as(table).isEqualTo(tenant);
			}
		}
		assertThat(entries.get("tenants.jsonl")).contains("\"id\": \"" + tenant + "\"");
		assertThat(entries.get("employees.jsonl")).contains("Exa Porter");
		assertThat(entries.get("app_users.jsonl")).contains("\"username\": \"boss\"").doesNotContain("password_hash", "{bcrypt}");
		assertThat(entries.get("outbox_events.jsonl")).contains("hr.employee.created");
		JsonNode manifest = json.readTree(entries.get("manifest.json"));
		assertThat(manifest.get("tenant").asString()).isEqualTo(tenant);
		assertThat(manifest.get("tables").get("employees").asLong()).isEqualTo(1);
		assertThat(manifest.get("tables").get("app_users").asLong()).isEqualTo(1);

		assertThat(actions(tenant, tenant)).contains("tenant.exported");
		assertThat(actions("acme", tenant)).containsExactly("tenant.exported");
		assertThat(download("/v1/platform/tenants/none-" + UUID.randomUUID() + "/export").statusCode()).isEqualTo(404);
	}

	@Test
	void aTenantIsDeletedWithAllItsRowsOnlyWhenSuspendedForTheGracePeriod() {
		String tenant = TestTenants.create(transactions, jdbc, "del", "boss");
		assertThat(api().post("boss@" + tenant, "/v1/hr/employees", """
				{"displayName":"Del Eted","email":"del@%s.example","department":"Ops","startDate":"2031-01-05"}""".formatted(tenant))
			.statusCode()).isEqualTo(201);

		HttpResponse<String> active = api().send(OPERATOR, "DELETE", "/v1/platform/tenants/" + tenant, null);
		assertThat(active.statusCode()).isEqualTo(409);
		assertThat(active.body()).contains("problems/tenant-not-suspended");
		assertThat(api().post(OPERATOR, "/v1/platform/tenants/" + tenant + "/suspend", null).statusCode()).isEqualTo(200);
		HttpResponse<String> early = api().send(OPERATOR, "DELETE", "/v1/platform/tenants/" + tenant, null);
		assertThat(early.statusCode()).isEqualTo(409);
		assertThat(early.body()).contains("problems/tenant-grace-period");
		assertThat(rows(tenant)).containsEntry("employees", 1L).containsEntry("app_users", 1L);

		transactions.runInTenant(tenant, () -> jdbc.sql("UPDATE tenants SET suspended_at = now() - interval '31 days'").update());
		HttpResponse<String> deleted = api().send(OPERATOR, "DELETE", "/v1/platform/tenants/" + tenant, null);
		assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(204);
		assertThat(rows(tenant)).allSatisfy((table, count) -> assertThat(count).as(table).isZero());
		assertThat(api().get(OPERATOR, "/v1/platform/tenants/" + tenant).statusCode()).isEqualTo(404);
		assertThat(actions("acme", tenant)).containsExactly("tenant.suspended", "tenant.deleted");
		// the operator's own data is untouched
		assertThat(api().get(OPERATOR, "/v1/me").statusCode()).isEqualTo(200);
	}

	private Map<String, Long> rows(String tenant) {
		return transactions.readInTenant(tenant, () -> {
			Map<String, Long> rows = new LinkedHashMap<>();
			rows.put("tenants", jdbc.sql("SELECT count(*) FROM tenants").query(Long.class).single());
			for (String table : List.of("employees", "app_users", "app_user_roles", "platform_audit", "outbox_events",
					"platform_operators")) {
				rows.put(table, jdbc.sql("SELECT count(*) FROM " + table + " WHERE tenant_id = :t").param("t", tenant)
					.query(Long.class).single());
			}
			return rows;
		});
	}

	private HttpResponse<byte[]> download(String path) {
		String basic = Base64.getEncoder().encodeToString((OPERATOR + ":demo").getBytes(StandardCharsets.UTF_8));
		try {
			return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
				.header("Authorization", "Basic " + basic).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException e) {
			throw new IllegalStateException(e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}

	private static Map<String, String> unzip(byte[] zip) throws IOException {
		Map<String, String> entries = new LinkedHashMap<>();
		try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), StandardCharsets.UTF_8)) {
			for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
				entries.put(entry.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		return entries;
	}
}
