package platform.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * The operators' Tenants page over HTTP: the form creates a tenant and shows the first admin's
 * password once, refuses bad input inline, and the row's buttons suspend and resume; a tenant
 * admin who is no operator gets neither the page nor the navigation link.
 */
@JmlHubIntegrationTest
class TenantPagesTests {

	private static final Pattern PASSWORD = Pattern.compile("id=\"created-password\">([^<]+)<");

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void anOperatorCreatesATenantSeesThePasswordOnceAndSuspendsAndResumesIt() {
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		HttpResponse<String> page = ada.get("/platform/tenants");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"tenant-acme\"", "id=\"tenant-globex\"", "href=\"/platform/tenants\"");

		String id = "p-" + UUID.randomUUID().toString().substring(0, 8);
		HttpResponse<String> created = ada.post("/platform/tenants",
				Map.of("id", id, "name", "Page Tenant", "adminUsername", "pat", "adminEmail", "pat@" + id + ".example"));
		assertThat(created.statusCode()).isEqualTo(302);
		HttpResponse<String> shown = ada.get("/platform/tenants");
		Matcher password = PASSWORD.matcher(shown.body());
		assertThat(password.find()).as(shown.body()).isTrue();
		assertThat(new ApiClient(port, password.group(1)).get("pat@" + id, "/v1/me").statusCode()).isEqualTo(200);
		assertThat(ada.get("/platform/tenants").body()).as("shown once").doesNotContain("created-password");

		assertThat(ada.post("/platform/tenants/" + id + "/suspend", Map.of("reason", "trial over")).statusCode()).isEqualTo(302);
		assertThat(ada.get("/platform/tenants").body()).contains("is suspended", "trial over");
		assertThat(new ApiClient(port, password.group(1)).get("pat@" + id, "/v1/me").statusCode()).isEqualTo(403);
		ada.post("/platform/tenants/" + id + "/delete", Map.of());
		assertThat(ada.get("/platform/tenants").body()).contains("Nothing was changed", "grace period");
		assertThat(ada.post("/platform/tenants/" + id + "/resume", Map.of()).statusCode()).isEqualTo(302);
		assertThat(ada.get("/platform/tenants").body()).contains("is active again");
		assertThat(new ApiClient(port, password.group(1)).get("pat@" + id, "/v1/me").statusCode()).isEqualTo(200);
	}

	@Test
	void badInputIsShownInlineAndNothingIsWritten() {
		ConsoleSession ada = ConsoleSession.login(port, "ada");
		ada.get("/platform/tenants");
		String id = "Bad Id " + UUID.randomUUID();
		HttpResponse<String> refused = ada.post("/platform/tenants",
				Map.of("id", id, "name", "", "adminUsername", "x", "adminEmail", "nope", "retentionDays", "soon"));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"tenant-id-error\"", "lower-case letters", "id=\"tenant-adminEmail-error\"",
				"id=\"tenant-retentionDays-error\"", "whole number");
		assertThat(transactions.readInTenant(id, () -> jdbc.sql("SELECT count(*) FROM tenants").query(Long.class).single()))
			.isZero();
	}

	@Test
	void aTenantAdminWhoIsNoOperatorHasNoTenantsPage() {
		ConsoleSession gus = ConsoleSession.login(port, "gus");
		assertThat(gus.get("/platform/tenants").statusCode()).isEqualTo(403);
		assertThat(gus.get("/admin/users").body()).doesNotContain("href=\"/platform/tenants\"");
	}
}
