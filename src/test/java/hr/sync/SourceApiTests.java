package hr.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
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
 * {@code /v1/admin/hr/source} and the HR source page over HTTP: ADMIN only, each field at fault a 400
 * problem naming it with nothing written, the secret sealed and never answered, versions checked,
 * saves audited. The sources point at a host that cannot exist (.invalid), so the application's own
 * job, pulling one, only records a failure.
 */
@JmlHubIntegrationTest
class SourceApiTests {

	static final String PATH = "/v1/admin/hr/source";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	final JsonMapper json = JsonMapper.builder().build();
	ApiClient api;
	String tenant;
	String admin;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		tenant = TestTenants.create(transactions, jdbc, "source", "boss");
		admin = "boss@" + tenant;
	}

	@AfterEach
	void disable() {
		transactions.runInTenant(tenant, () -> jdbc.sql("UPDATE hr_sources SET enabled = false").update());
	}

	@Test
	void onlyAnAdminReadsOrSavesTheSource() {
		assertThat(api.get("hana", PATH).statusCode()).isEqualTo(403);
		assertThat(api.send("hana", "PUT", PATH, body("https://hr.example.invalid/x.csv", "none", null, null, 60, 0))
			.statusCode()).isEqualTo(403);
		assertThat(api.post("hana", PATH + "/sync", null).statusCode()).isEqualTo(403);
		assertThat(api.get(null, PATH).statusCode()).isEqualTo(401);
		HttpResponse<String> none = api.get(admin, PATH);
		assertThat(none.statusCode()).isEqualTo(200);
		assertThat(read(none).get("version").asInt()).isZero();
		assertThat(read(none).get("enabled").asBoolean()).isFalse();
	}

	@Test
	void eachFieldAtFaultIsA400NamingItAndNothingIsWritten() {
		Map<String, String> faults = Map.of(
				body("http://hr.example.invalid/export.csv", "none", null, null, 60, 0), "url",
				body("ftp://hr.example.invalid/export.csv", "none", null, null, 60, 0), "url",
				body("https://user:pw@hr.example.invalid/export.csv", "none", null, null, 60, 0), "url",
				body("not a url", "none", null, null, 60, 0), "url",
				body("https://hr.example.invalid/export.csv", "none", null, null, 1, 0), "everyMinutes",
				body("https://hr.example.invalid/export.csv", "bearer", null, null, 60, 0), "secret",
				body("https://hr.example.invalid/export.csv", "basic", null, "pw", 60, 0), "username",
				body("https://hr.example.invalid/export.csv", "kerberos", null, null, 60, 0), "auth",
				"{\"url\":\"https://hr.example.invalid/x\",\"format\":\"xml\",\"everyMinutes\":60,\"version\":0}", "format");
		faults.forEach((request, field) -> {
			HttpResponse<String> refused = api.send(admin, "PUT", PATH, request);
			assertThat(refused.statusCode()).as(request).isEqualTo(400);
			assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(read(refused).get("errors").has(field)).as(refused.body()).isTrue();
			assertThat(refused.body()).doesNotContain("Exception");
		});
		assertThat(read(api.get(admin, PATH)).get("version").asInt()).isZero();
		assertThat(transactions.inTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM hr_sources").query(Long.class).single()))
			.isZero();
	}

	@Test
	void theSecretIsSealedWriteOnlyAndKeptUntilAuthChanges() {
		HttpResponse<String> saved = api.send(admin, "PUT", PATH,
				body("https://hr.example.invalid/export.csv", "bearer", null, "s3cr3t-token", 60, 0));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.headers().firstValue("ETag")).hasValue("\"1\"");
		assertThat(saved.body()).doesNotContain("s3cr3t-token");
		JsonNode source = read(saved);
		assertThat(source.get("secretSet").asBoolean()).isTrue();
		assertThat(source.has("secret")).isFalse();
		assertThat(source.get("enabled").asBoolean()).isTrue();
		assertThat(source.get("offboardMissing").asBoolean()).isTrue();
		assertThat(source.get("nextDueAt").isNull()).isFalse();
		String stored = transactions.inTenant(tenant, () -> jdbc.sql("SELECT secret FROM hr_sources").query(String.class).single());
		assertThat(stored).startsWith("enc:").doesNotContain("s3cr3t-token");
		assertThat(api.get(admin, PATH).body()).doesNotContain("s3cr3t-token").contains("\"secretSet\":true");
		assertThat(api.get(admin, "/v1/admin/audit?action=hr.source_saved").body()).contains("hr.example.invalid")
			.doesNotContain("s3cr3t-token");

		// the same auth without a secret keeps it; a stale version is refused
		HttpResponse<String> again = api.send(admin, "PUT", PATH,
				body("https://hr.example.invalid/other.csv", "bearer", null, null, 30, 1));
		assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
		assertThat(read(again).get("secretSet").asBoolean()).isTrue();
		assertThat(transactions.inTenant(tenant, () -> jdbc.sql("SELECT secret FROM hr_sources").query(String.class).single()))
			.isEqualTo(stored);
		assertThat(api.send(admin, "PUT", PATH, body("https://hr.example.invalid/x.csv", "bearer", null, null, 30, 1))
			.statusCode()).isEqualTo(409);
		// another kind of credentials needs its own secret; none needs none
		HttpResponse<String> basic = api.send(admin, "PUT", PATH,
				body("https://hr.example.invalid/x.csv", "basic", "reader", null, 30, 2));
		assertThat(basic.statusCode()).isEqualTo(400);
		assertThat(read(basic).get("errors").has("secret")).isTrue();
		HttpResponse<String> open = api.send(admin, "PUT", PATH,
				body("https://hr.example.invalid/x.csv", "none", null, null, 30, 2));
		assertThat(read(open).get("secretSet").asBoolean()).isFalse();
		assertThat(transactions.inTenant(tenant, () -> jdbc.sql("SELECT secret IS NULL FROM hr_sources").query(Boolean.class)
			.single())).isTrue();

		assertThat(api.post(admin, PATH + "/sync", null).statusCode()).isEqualTo(202);
		assertThat(api.get(admin, PATH + "/runs").statusCode()).isEqualTo(200);
	}

	@Test
	void thePageSavesTheSourceAndNeverShowsTheSecret() {
		ConsoleSession session = ConsoleSession.login(port, admin);
		String empty = session.get("/admin/hr/source").body();
		assertThat(empty).contains("HR source", "id=\"source-form\"", "No pulls yet.");
		var refused = session.post("/admin/hr/source", Map.of("url", "http://hr.example.invalid/x.csv", "format", "csv",
				"auth", "none", "everyMinutes", "60", "enabled", "true", "version", "0"));
		assertThat(refused.body()).contains("must be https://");
		session.post("/admin/hr/source", Map.of("url", "https://hr.example.invalid/x.csv", "format", "csv", "auth",
				"bearer", "secret", "page-s3cret", "everyMinutes", "60", "offboardMissing", "true", "enabled", "false",
				"version", "0"));
		String page = session.get("/admin/hr/source").body();
		assertThat(page).contains("https://hr.example.invalid/x.csv", "set: leave empty to keep it", "id=\"source-cursor\"")
			.doesNotContain("page-s3cret");
		assertThat(read(api.get(admin, PATH)).get("version").asInt()).isEqualTo(1);
	}

	private static String body(String url, String auth, String username, String secret, int everyMinutes, int version) {
		return "{\"url\":\"" + url + "\",\"format\":\"csv\",\"auth\":\"" + auth + "\""
				+ (username == null ? "" : ",\"username\":\"" + username + "\"")
				+ (secret == null ? "" : ",\"secret\":\"" + secret + "\"") + ",\"everyMinutes\":" + everyMinutes
				+ ",\"version\":" + version + "}";
	}

	private JsonNode read(HttpResponse<String> response) {
		return json.readTree(response.body());
	}
}
