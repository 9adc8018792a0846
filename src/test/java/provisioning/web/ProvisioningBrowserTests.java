package provisioning.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.browser.Axe;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The admin's provisioning pages in Chromium: the targets and entitlements forms save through the
 * settings service, show the service's refusals next to the fields with nothing written, say a
 * version conflict, and never render a bind password; the Directory page lists the accounts the
 * receipts know with their run and employee; the run page shows each effect and an ADMIN retries a
 * failed one (from the run page, as from Needs attention, which lists it and counts it in the nav).
 * Effects are rows as the dispatcher leaves them, on a target no directory answers, removed afterwards.
 */
@JmlHubIntegrationTest
@BrowserTest
class ProvisioningBrowserTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	ProvisioningSettings settings;

	@Autowired
	JsonMapper json;

	final String changeKey = "browser-" + UUID.randomUUID();

	@AfterEach
	void removeTheEffects() {
		transactions.runInTenant("acme", () -> jdbc.sql("DELETE FROM provisioning_effects WHERE change_key LIKE :key")
			.param("key", changeKey + "%").update());
	}

	@Test
	void theSettingsPagesSaveRefuseInlineSayAConflictAndNeverRenderTheBindPassword(Browser browser) {
		String tenant = TestTenants.create(transactions, jdbc, "prov", "boss");
		String boss = "boss@" + tenant;
		String secret = "browser-secret-" + UUID.randomUUID();
		WebDriver driver = browser.driver();
		browser.login(boss).open("/admin/provisioning");
		browser.waitFor("#no-targets");
		browser.click(browser.waitFor("#new-target"));

		fill(driver, "key", "corp");
		fill(driver, "url", "http://corp.example");
		fill(driver, "bindDn", "cn=admin,dc=corp,dc=example");
		fill(driver, "bindPassword", secret);
		fill(driver, "baseDn", "dc=corp,dc=example");
		browser.click(driver.findElement(By.id("save-target")));
		assertThat(browser.waitFor("#url-error").getText()).contains("ldap://");
		assertThat(browser.text("#flash-error")).contains("Nothing was saved");
		assertThat(Axe.seriousViolations(browser, "target form with errors")).isEmpty();
		assertThat(driver.findElement(By.id("bindPassword")).getAttribute("value")).isEmpty();
		assertThat(driver.getPageSource()).doesNotContain(secret);
		assertThat(settings.targets(tenant).version()).as("nothing written").isZero();

		fill(driver, "url", "ldap://127.0.0.1:1");
		fill(driver, "bindPassword", secret);
		browser.click(driver.findElement(By.id("save-target")));
		assertThat(browser.waitFor("#flash-success").getText()).contains("corp", "version 1");
		browser.waitFor("#target-corp");
		assertThat(driver.getPageSource()).doesNotContain(secret);

		// the edit form shows that a password is stored, never the password; left empty it keeps it
		browser.click(driver.findElement(By.cssSelector("#target-corp a")));
		assertThat(browser.waitFor("#bindPassword").getAttribute("value")).isEmpty();
		assertThat(browser.text("#bindPassword-hint")).contains("A password is stored");
		assertThat(driver.getPageSource()).doesNotContain(secret).doesNotContain("enc:");
		fill(driver, "peopleOu", "ou=staff");
		browser.click(driver.findElement(By.id("save-target")));
		browser.waitFor("#flash-success");
		var saved = settings.targets(tenant);
		assertThat(saved.version()).isEqualTo(2);
		assertThat(saved.targets().get(0).peopleOu()).isEqualTo("ou=staff");
		assertThat(saved.targets().get(0).bindPasswordSet()).isTrue();

		// someone else saves while the form is open: the save is refused and says so
		browser.click(browser.waitFor("#target-corp a"));
		browser.waitFor("#target-form");
		HttpResponse<String> meanwhile = new ApiClient(port).send(boss, "PUT", "/v1/admin/provisioning/targets", """
				{"version": 2, "targets": [{"key": "corp", "url": "ldap://127.0.0.1:2", "bindDn": "cn=admin,dc=corp,dc=example",
				 "baseDn": "dc=corp,dc=example", "peopleOu": "ou=people", "profile": "openldap"}]}""");
		assertThat(meanwhile.statusCode()).as(meanwhile.body()).isEqualTo(200);
		fill(driver, "peopleOu", "ou=mine");
		browser.click(driver.findElement(By.id("save-target")));
		assertThat(browser.waitFor("#flash-error").getText()).contains("Someone else changed");
		assertThat(settings.targets(tenant).version()).isEqualTo(3);
		assertThat(settings.targets(tenant).targets().get(0).peopleOu()).isEqualTo("ou=people");

		// an entitlement: a group that is not a DN is refused next to the field, then saved with its lines parsed
		browser.open("/admin/provisioning");
		browser.click(browser.waitFor("#new-entitlement"));
		fill(driver, "grant", "accounts");
		fill(driver, "groups", "not a dn");
		fill(driver, "attributes", "title = {title}");
		fill(driver, "departmentGroups", "Engineering = cn=eng,ou=groups,dc=corp,dc=example");
		browser.click(driver.findElement(By.id("save-entitlement")));
		assertThat(browser.waitFor("#groups-error").getText()).contains("not a DN");
		assertThat(settings.entitlements(tenant).version()).isZero();
		fill(driver, "groups", "cn=staff,ou=groups,dc=corp,dc=example");
		browser.click(driver.findElement(By.id("save-entitlement")));
		browser.waitFor("#flash-success");
		browser.waitFor("#entitlement-0");
		Entitlement entitlement = settings.entitlements(tenant).entitlements().get(0);
		assertThat(entitlement.target()).isEqualTo("corp");
		assertThat(entitlement.groups()).containsExactly("cn=staff,ou=groups,dc=corp,dc=example");
		assertThat(entitlement.attributes()).isEqualTo(Map.of("title", "{title}"));
		assertThat(entitlement.departmentGroups())
			.isEqualTo(Map.of("Engineering", List.of("cn=eng,ou=groups,dc=corp,dc=example")));

		List<String> audited = transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT action || ' ' || detail::text FROM platform_audit
				WHERE action LIKE 'provisioning.%' ORDER BY id""").query(String.class).list());
		assertThat(audited).hasSize(4).noneMatch(line -> line.contains(secret) || line.contains("enc:"));

		// the API's revocation and start-date fields: refused inline (the form's own and the validation's), then round-trip
		browser.open("/admin/provisioning");
		browser.click(browser.waitFor("#new-entitlement"));
		fill(driver, "grant", "access_revocation");
		browser.click(driver.findElement(By.id("revokes")));
		browser.click(driver.findElement(By.id("enableOnStartDate")));
		fill(driver, "deleteAfterDays", "a month");
		browser.click(driver.findElement(By.id("save-entitlement")));
		assertThat(browser.waitFor("#deleteAfterDays-error").getText()).contains("whole number of days");
		assertThat(driver.findElement(By.id("revokes")).isSelected()).isTrue();
		assertThat(settings.entitlements(tenant).version()).isEqualTo(1);
		fill(driver, "deleteAfterDays", "30");
		browser.click(driver.findElement(By.id("save-entitlement")));
		assertThat(browser.waitFor("#enableOnStartDate-error").getText()).contains("not to a revocation");
		assertThat(driver.findElement(By.id("deleteAfterDays")).getAttribute("value")).isEqualTo("30");
		assertThat(settings.entitlements(tenant).version()).isEqualTo(1);
		browser.click(driver.findElement(By.id("enableOnStartDate")));
		browser.click(driver.findElement(By.id("save-entitlement")));
		browser.waitFor("#flash-success");
		Entitlement revocation = settings.entitlements(tenant).entitlements().get(1);
		assertThat(revocation.revoking()).isTrue();
		assertThat(revocation.deleteAfterDays()).isEqualTo(30);
		assertThat(revocation.enableOnStartDate()).isNull();
		browser.open("/admin/provisioning/entitlements/1");
		assertThat(browser.waitFor("#revokes").isSelected()).isTrue();
		assertThat(driver.findElement(By.id("deleteAfterDays")).getAttribute("value")).isEqualTo("30");
		assertThat(driver.findElement(By.id("enableOnStartDate")).isSelected()).isFalse();
		// and the joiner's account: created disabled until the start date, shown checked when edited again
		browser.open("/admin/provisioning/entitlements/0");
		browser.click(browser.waitFor("#enableOnStartDate"));
		browser.click(driver.findElement(By.id("save-entitlement")));
		browser.waitFor("#flash-success");
		assertThat(settings.entitlements(tenant).entitlements().get(0).enablesOnStartDate()).isTrue();
		assertThat(settings.entitlements(tenant).entitlements().get(1).deleteAfterDays()).isEqualTo(30);
		browser.open("/admin/provisioning/entitlements/0");
		assertThat(browser.waitFor("#enableOnStartDate").isSelected()).isTrue();
		assertThat(driver.findElement(By.id("revokes")).isSelected()).isFalse();
	}

	@Test
	void theDirectoryListsManagedAccountsWithTheRunThatMadeThemAndTheEmployee(Browser browser) {
		ApiClient api = new ApiClient(port);
		String name = "Dora " + UUID.randomUUID().toString().substring(0, 8);
		UUID employee = hire(api, name);
		UUID run = runOf(api, employee);
		String dn = "uid=" + name.replace(' ', '.').toLowerCase() + ",ou=people,dc=acme,dc=demo";
		insertEffect(run, employee, name, "browser-ldap", "applied", receipt(dn, true, List.of("cn=staff,ou=groups,dc=acme,dc=demo")),
				null);

		browser.login("ada").open("/admin/directory?q=" + name.replace(' ', '+'));
		WebElement row = browser.waitFor("#account-browser-ldap-" + employee);
		assertThat(row.getText()).contains(dn, "cn=staff,ou=groups,dc=acme,dc=demo", "present", name);
		assertThat(row.findElement(By.cssSelector("td[data-label=Run] a")).getAttribute("href")).endsWith("/runs/" + run);
		assertThat(Axe.seriousViolations(browser, "directory with an account")).isEmpty();
		assertThat(row.findElement(By.cssSelector("td[data-label=Employee] a")).getAttribute("href"))
			.endsWith("/hr/employees/" + employee);

		browser.open("/admin/directory?target=another-target&q=" + name.replace(' ', '+'));
		browser.waitFor("#no-accounts");
	}

	@Test
	void theRunPageShowsEachEffectAndAnAdminRetriesAFailedOne(Browser browser) {
		ApiClient api = new ApiClient(port);
		String name = "Rita " + UUID.randomUUID().toString().substring(0, 8);
		UUID employee = hire(api, name);
		UUID run = runOf(api, employee);
		String dn = "uid=rita,ou=people,dc=acme,dc=demo";
		UUID applied = insertEffect(run, employee, name, "browser-ldap", "applied",
				receipt(dn, true, List.of("cn=staff,ou=groups,dc=acme,dc=demo")), null);
		UUID failed = insertEffect(run, employee, name, "browser-gone", "failed", null, "The directory refused the bind");

		// HR sees what happened, and the account on the employee page, but retries nothing
		browser.login("hana").open("/runs/" + run);
		WebElement appliedRow = browser.waitFor("#effect-" + applied);
		assertThat(appliedRow.getText()).contains("User accounts", "browser-ldap", "ensure", "applied", dn,
				"cn=staff,ou=groups,dc=acme,dc=demo");
		assertThat(browser.text("#effect-" + failed)).contains("failed", "The directory refused the bind");
		assertThat(browser.driver().findElements(By.id("retry-" + failed))).isEmpty();
		assertThat(Axe.seriousViolations(browser, "run page with effects")).isEmpty();
		browser.open("/hr/employees/" + employee);
		assertThat(browser.waitFor("#employee-account-browser-ldap").getText()).contains(dn, "applied");
		assertThat(browser.text("#employee-account-browser-gone")).contains("failed", "The directory refused the bind");
		assertThat(Axe.seriousViolations(browser, "employee page with accounts")).isEmpty();

		// the admin finds it on Needs attention, counted in the nav, and retries it from the run page
		browser.login("ada").open("/admin/attention");
		assertThat(browser.waitFor("#failed-effect-" + failed).getText()).contains(name, "browser-gone",
				"The directory refused the bind");
		assertThat(browser.driver().findElement(By.id("attention-count")).getAttribute("textContent")).matches("\\d+\\+?");
		assertThat(Axe.seriousViolations(browser, "needs attention with a failed effect")).isEmpty();
		browser.open("/runs/" + run);
		browser.click(browser.waitFor("#retry-" + failed));
		assertThat(browser.waitFor("#flash-success").getText()).contains("scheduled again");
		assertThat(browser.driver().getCurrentUrl()).endsWith("/runs/" + run);
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT count(*) FROM platform_audit WHERE action = 'provisioning.effect.retried' AND detail->>'subject' = :id""")
			.param("id", failed.toString()).query(Integer.class).single())).isEqualTo(1);
		// the retry took the fresh budget: the dispatcher tried it again (the target is gone, so it fails again)
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(transactions.readInTenant("acme",
				() -> jdbc.sql("SELECT attempts FROM provisioning_effects WHERE id = :id").param("id", failed)
					.query(Integer.class).single())).isGreaterThan(3));
	}

	private static void fill(WebDriver driver, String id, String value) {
		WebElement field = driver.findElement(By.id(id));
		field.clear();
		field.sendKeys(value);
	}

	private UUID hire(ApiClient api, String name) {
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"%s","email":"%s@acme.example","department":"Engineering","manager":"manny","startDate":"%s"}"""
			.formatted(name, UUID.randomUUID(), LocalDate.now().plusDays(10)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		return UUID.fromString(json.readTree(hired.body()).get("id").asString());
	}

	private UUID runOf(ApiClient api, UUID employee) {
		return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
			JsonNode items = json.readTree(api.get("hana", "/v1/workflow-runs?employeeId=" + employee).body()).get("items");
			return items.isEmpty() ? null : UUID.fromString(items.get(0).get("id").asString());
		}, id -> id != null);
	}

	private static String receipt(String dn, boolean exists, List<String> groups) {
		String groupList = String.join(",", groups.stream().map(g -> "\"" + g + "\"").toList());
		return """
				{"target":"browser-ldap","dn":"%s","before":{"exists":false,"attributes":{},"groups":[]},
				 "after":{"exists":%s,"attributes":{"cn":"x"},"groups":[%s]},"at":"%s","attempt":1}"""
			.formatted(dn, exists, groupList, Instant.now());
	}

	/** An effect as the dispatcher leaves it: settled, with its receipt or its last error, 3 attempts. */
	private UUID insertEffect(UUID run, UUID employee, String name, String target, String status, String receipt,
			String error) {
		UUID id = UUID.randomUUID();
		Instant now = Instant.now();
		transactions.runInTenant("acme", () -> jdbc.sql("""
				INSERT INTO provisioning_effects (id, tenant_id, change_key, run_id, stage_id, grant_label, employee_id,
				  target_key, operation, status, scheduled_for, next_attempt_at, attempts, first_attempt_at, last_error,
				  request, receipt, created_at, settled_at)
				VALUES (:id, 'acme', :key, :run, :stage, 'accounts', :employee, :target, 'ensure', :status, :now, :now, 3, :now,
				  :error, CAST(:request AS jsonb), CAST(:receipt AS jsonb), :now, :now)""")
			.param("id", id).param("key", changeKey + "-" + target).param("run", run).param("stage", UUID.randomUUID())
			.param("employee", employee).param("target", target).param("status", status).param("now", Timestamp.from(now))
			.param("error", error).param("receipt", receipt)
			.param("request", """
					{"employee":{"displayName":"%s","email":"x@acme.example"},
					 "entitlement":{"grant":"accounts","target":"%s","naming":"uid={username}"}}""".formatted(name, target))
			.update());
		return id;
	}
}
