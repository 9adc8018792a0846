package platform.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import platform.TenantTransactions;
import platform.browser.Axe;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;

/**
 * Single sign-on against a real OIDC provider (mock-oauth2-server, one issuer per tenant): the
 * authorization-code login in the browser provisions the user with the roles and groups the
 * groups claim maps to; an ID token from another tenant's issuer is refused; local passwords can
 * be switched off.
 */
@JmlHubIntegrationTest
@BrowserTest
class SingleSignOnBrowserTests {

	static final MockOAuth2Server idp = new MockOAuth2Server();

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@BeforeAll
	static void startProvider() {
		idp.start();
	}

	@AfterAll
	static void stopProvider() {
		idp.shutdown();
	}

	String issuer(String tenant) {
		return idp.issuerUrl(tenant).toString();
	}

	/** A tenant with its admin, group security and single sign-on at its own issuer. */
	String tenantWithSso(ApiClient api, boolean localPasswords) {
		String tenant = TestTenants.create(transactions, jdbc, "sso", "boss");
		String boss = "boss@" + tenant;
		assertThat(api.post(boss, "/v1/admin/groups", "{\"name\":\"security\"}").statusCode()).isEqualTo(201);
		var saved = api.send(boss, "PUT", "/v1/admin/sso", """
				{"issuerUri":"%s","clientId":"jml-%s","clientSecret":"secret-%s","groupsClaim":"groups","localPasswords":%s,
				 "mappings":[{"claimValue":"sec-team","role":"APPROVER","group":"security"},{"claimValue":"people","role":"HR"}]}"""
			.formatted(issuer(tenant), tenant, tenant, localPasswords));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.body()).contains("\"clientSecretSet\":true").doesNotContain("secret-" + tenant);
		// stored sealed under the demo key, never in clear (and the sign-in below opens it)
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT client_secret FROM platform_sso")
			.query(String.class).single())).startsWith("enc:demo:").doesNotContain("secret-" + tenant);
		return tenant;
	}

	@Test
	void theFirstLoginProvisionsTheUserWithTheMappedRolesAndGroups(Browser browser) {
		ApiClient api = new ApiClient(port);
		String tenant = tenantWithSso(api, true);
		idp.enqueueCallback(new DefaultOAuth2TokenCallback(tenant, "sub-olivia", "JWT", List.of("jml-" + tenant),
				Map.of("email", "olivia@" + tenant + ".example", "name", "Olivia Oidc", "groups", List.of("sec-team", "other")),
				3600));

		browser.open("/login");
		browser.driver().findElement(By.id("sso-organisation")).sendKeys(tenant);
		browser.driver().findElement(By.id("sso-submit")).click();
		browser.waitFor("#sso-continue");
		assertThat(Axe.seriousViolations(browser, "/login/sso")).as("accessibility of the continue page").isEmpty();
		browser.waitFor("#sso-continue").click();
		browser.waitForText("#current-user", "Olivia Oidc");
		assertThat(browser.text("#current-tenant")).isEqualTo("Tenant " + tenant);
		browser.screenshot("sso-signed-in");

		String user = api.get("boss@" + tenant, "/v1/admin/users/olivia").body();
		assertThat(user).contains("\"roles\":[\"APPROVER\"]", "\"groups\":[\"security\"]");
		assertThat(api.get("boss@" + tenant, "/v1/admin/groups/security").body()).contains("\"eligibleApprovers\":[\"olivia\"]");
		assertThat(api.get("boss@" + tenant, "/v1/admin/audit?subject=olivia").body()).contains("user.sso_provisioned", "\"actor\":\"sso\"");

		// the next login links the same user by email, nothing is provisioned twice
		idp.enqueueCallback(new DefaultOAuth2TokenCallback(tenant, "sub-olivia", "JWT", List.of("jml-" + tenant),
				Map.of("email", "olivia@" + tenant + ".example", "name", "Olivia Oidc", "groups", List.of("people")), 3600));
		browser.login("boss@" + tenant);
		browser.open("/login");
		browser.driver().findElement(By.id("sso-organisation")).sendKeys(tenant);
		browser.driver().findElement(By.id("sso-submit")).click();
		browser.waitFor("#sso-continue").click();
		browser.waitForText("#current-user", "Olivia Oidc");
		assertThat(api.get("boss@" + tenant, "/v1/admin/users?q=olivia").body().split("\"username\"", -1)).hasSize(2);
		assertThat(api.get("boss@" + tenant, "/v1/admin/users/olivia").body()).contains("\"roles\":[\"APPROVER\",\"HR\"]");
	}

	@Test
	void anIdTokenFromAnotherTenantsIssuerIsRefused() throws Exception {
		ApiClient api = new ApiClient(port);
		String ours = tenantWithSso(api, true);
		String theirs = tenantWithSso(api, true);
		HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
		String base = "http://localhost:" + port;

		var start = http.send(HttpRequest.newBuilder(URI.create(base + "/oauth2/authorization/" + ours)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(start.statusCode()).isEqualTo(302);
		String authorize = start.headers().firstValue("Location").orElseThrow();
		assertThat(authorize).startsWith(issuer(ours));
		var code = http.send(HttpRequest.newBuilder(URI.create(authorize)).build(), HttpResponse.BodyHandlers.ofString());
		String callback = code.headers().firstValue("Location").orElseThrow();
		assertThat(callback).startsWith(base + "/login/oauth2/code/" + ours);

		// the token endpoint answers with an ID token that names the other tenant's issuer (audience ours)
		idp.enqueueCallback(new DefaultOAuth2TokenCallback(ours, "sub-mallory", "JWT", List.of("jml-" + ours),
				Map.of("iss", issuer(theirs), "email", "mallory@" + ours + ".example", "groups", List.of("sec-team")), 3600));
		var refused = http.send(HttpRequest.newBuilder(URI.create(callback)).build(), HttpResponse.BodyHandlers.ofString());
		assertThat(refused.statusCode()).isEqualTo(302);
		assertThat(refused.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/login?sso_error"));
		assertThat(api.get("boss@" + ours, "/v1/admin/users?q=mallory").body()).doesNotContain("mallory");
		var home = http.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
		assertThat(home.statusCode()).isEqualTo(302);
		assertThat(home.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
	}

	@Test
	void localPasswordsCanBeSwitchedOffAndAnUnreachableIssuerIsRefused() {
		ApiClient api = new ApiClient(port);
		String tenant = tenantWithSso(api, true);
		String boss = "boss@" + tenant;
		var bad = api.send(boss, "PUT", "/v1/admin/sso", """
				{"issuerUri":"http://127.0.0.1:1/nothing","clientId":"x","clientSecret":"y"}""");
		assertThat(bad.statusCode()).isEqualTo(422);
		assertThat(bad.body()).contains("https://jmlhub.dev/problems/unprocessable", "issuerUri");
		var invalid = api.send(boss, "PUT", "/v1/admin/sso", """
				{"issuerUri":"not a url","clientId":"","mappings":[{"claimValue":"x","group":"nope"}]}""");
		assertThat(invalid.statusCode()).isEqualTo(400);
		assertThat(invalid.body()).contains("issuerUri", "clientId", "mappings[0].group");
		assertThat(api.get(boss, "/v1/admin/sso").body()).contains(issuer(tenant));

		var off = api.send(boss, "PUT", "/v1/admin/sso", """
				{"issuerUri":"%s","clientId":"jml-%s","localPasswords":false}""".formatted(issuer(tenant), tenant));
		assertThat(off.statusCode()).as(off.body()).isEqualTo(200);
		assertThat(off.body()).contains("\"localPasswords\":false", "\"clientSecretSet\":true");
		assertThat(api.get(boss, "/v1/me").statusCode()).isEqualTo(401);
		// other tenants keep their passwords
		assertThat(api.get("hana", "/v1/me").statusCode()).isEqualTo(200);
		assertThat(api.get("hana", "/v1/admin/sso").statusCode()).isEqualTo(403);
	}

	@Test
	void theConsolePageSavesTheConfigurationAndShowsRefusalsInline() {
		String tenant = TestTenants.create(transactions, jdbc, "ssop", "boss");
		var admin = platform.testing.ConsoleSession.login(port, "boss@" + tenant);
		// the callback to register with the identity provider, for this tenant
		assertThat(admin.get("/admin/sso").body()).contains("id=\"redirect-uri\"", "/login/oauth2/code/" + tenant + "</code>");
		// a refused save keeps the secret typed, so it need not be typed again
		var keptSecret = admin.post("/admin/sso", Map.of("issuerUri", "nope", "clientId", "", "clientSecret", "typed-secret"));
		assertThat(keptSecret.body()).contains("Nothing was saved", "value=\"typed-secret\"");
		var refused = admin.post("/admin/sso", Map.of("issuerUri", "nope", "clientId", "", "mappings", "x = KING / nogroup"));
		assertThat(refused.statusCode()).isEqualTo(200);
		// the API names fields (above), the page says the row and what to do
		assertThat(refused.body()).contains("Nothing was saved", "Row 1 of the mappings: choose a role", "is-invalid")
			.doesNotContain("mappings[0]", "issuerUri must");
		var saved = admin.post("/admin/sso", Map.of("issuerUri", issuer(tenant), "clientId", "jml-" + tenant,
				"clientSecret", "s3cret", "emailClaim", "email", "groupsClaim", "groups", "localPasswords", "true",
				"mappings", "people = HR /"));
		assertThat(saved.statusCode()).isEqualTo(302);
		String page = admin.follow(saved).body();
		assertThat(page).contains("Single sign-on was saved", issuer(tenant), "people = HR /", "(a secret is stored; leave empty to keep it)")
			.doesNotContain("s3cret");
		assertThat(new ApiClient(port).get("boss@" + tenant, "/v1/admin/audit?subject=sso").body()).contains("sso.saved")
			.doesNotContain("s3cret");
	}

	static String parameter(String url, String name) {
		Matcher matcher = Pattern.compile("[?&]" + name + "=([^&]+)").matcher(url);
		assertThat(matcher.find()).as(name + " in " + url).isTrue();
		return URLDecoder.decode(matcher.group(1), StandardCharsets.UTF_8);
	}
}
