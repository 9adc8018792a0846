package platform.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A new tenant's admin in a real browser makes a one-approver tenant work: creates the approver,
 * adds them to the security group, lowers the security quorum. The joiner run that was blocked on
 * the old version stays on it; a new joiner run uses the new version and completes.
 */
@JmlHubIntegrationTest
@BrowserTest
class TenantAdminBrowserTests {

	final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void anAdminUnblocksFutureJoinersByLoweringTheQuorumWhileTheOldRunKeepsItsVersion(Browser browser) {
		String tenant = TestTenants.create(transactions, jdbc, "web", "boss");
		String boss = "boss@" + tenant;
		String ina = "ina@" + tenant;
		ApiClient api = new ApiClient(port);
		ApiClient asIna = new ApiClient(port, "ina-password-1");
		for (String group : new String[] { "managers", "it", "security", "hr" }) {
			assertThat(api.post(boss, "/v1/admin/groups", "{\"name\":\"" + group + "\"}").statusCode()).isEqualTo(201);
		}

		// the admin creates the approver and adds them to security in the console
		browser.login(boss).open("/admin/users");
		WebDriver driver = browser.driver();
		driver.findElement(By.id("username")).sendKeys("ina");
		driver.findElement(By.id("displayName")).sendKeys("Ina Approver");
		driver.findElement(By.id("email")).sendKeys("ina@" + tenant + ".example");
		driver.findElement(By.id("password")).sendKeys("ina-password-1");
		browser.click(driver.findElement(By.id("role-APPROVER")));
		browser.click(driver.findElement(By.cssSelector("#new-user-form button[type=submit]")));
		browser.waitForText("#flash-success", "User ina was created");
		browser.open("/admin/groups/security");
		new Select(driver.findElement(By.id("username"))).selectByValue("ina");
		browser.click(driver.findElement(By.cssSelector("#add-member-form button[type=submit]")));
		browser.waitFor("#member-ina");
		browser.waitForText("#members h2", "1 eligible approver(s)");
		browser.screenshot("admin-group-members");
		api.send(boss, "PUT", "/v1/admin/groups/managers/members/ina", null);
		api.send(boss, "PUT", "/v1/admin/groups/it/members/ina", null);

		// a joiner on version 1 (security needs 2 approvals) blocks at security
		String oldRun = hire(api, boss, asIna, ina, "Olga Old");
		approve(asIna, ina, oldRun, "manager_approval");
		approve(asIna, ina, oldRun, "it_access");
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> assertThat(stage(asIna, ina, oldRun, "security_approval").get("status").asString()).isEqualTo("blocked"));

		// the admin lowers the quorum in the editor: a too-large one is explained, 1 is saved as version 2
		browser.open("/admin/definitions/joiner");
		browser.waitForText("#current-version", "version 1");
		WebElement quorum = driver.findElement(By.id("stages[2].requiredApprovals"));
		quorum.clear();
		quorum.sendKeys("3");
		browser.click(driver.findElement(By.id("save-definition")));
		browser.waitForText("#flash-error", "needs 3 approvals, but group 'security' has 1 eligible approver(s)");
		quorum = driver.findElement(By.id("stages[2].requiredApprovals"));
		assertThat(quorum.getAttribute("class")).contains("is-invalid");
		browser.screenshot("admin-definition-quorum-refused");
		quorum.clear();
		quorum.sendKeys("1");
		browser.click(driver.findElement(By.id("save-definition")));
		browser.waitForText("#flash-success", "Saved as version 2");
		browser.waitForText("#version-2", "required approvals: 2 → 1");
		browser.screenshot("admin-definition-history");

		// a new joiner uses version 2 and completes with the one approver
		String newRun = hire(api, boss, asIna, ina, "Nora New");
		approve(asIna, ina, newRun, "manager_approval");
		approve(asIna, ina, newRun, "it_access");
		approve(asIna, ina, newRun, "security_approval");
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> assertThat(run(asIna, ina, newRun).get("status").asString()).isEqualTo("completed"));

		// the old run stays on version 1: still 2 approvals required, still blocked
		JsonNode oldSecurity = stage(asIna, ina, oldRun, "security_approval");
		assertThat(oldSecurity.get("requiredApprovals").asInt()).isEqualTo(2);
		assertThat(oldSecurity.get("status").asString()).isEqualTo("blocked");
		assertThat(definitionVersion(tenant, oldRun)).isEqualTo(1);
		assertThat(definitionVersion(tenant, newRun)).isEqualTo(2);
		assertThat(api.get(boss, "/v1/admin/audit").body()).contains("definition.saved", "group.member_added", "user.created");

		// disabling an approver with open work flags their assignments
		String third = hire(api, boss, asIna, ina, "Pia Pending");
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> assertThat(stage(asIna, ina, third, "manager_approval").get("status").asString()).isEqualTo("active"));
		var disabled = api.post(boss, "/v1/admin/users/ina/disable", null);
		assertThat(disabled.body()).contains("\"enabled\":false", "\"flagged\":true", "Pia Pending: stage Manager approval");
		browser.open("/admin/users/ina");
		browser.waitFor("#flagged");
		browser.waitForText("#open-assignments", "Pia Pending");
		browser.screenshot("admin-user-flagged");
		assertThat(asIna.get(ina, "/v1/me").statusCode()).isEqualTo(401);
	}

	String hire(ApiClient api, String boss, ApiClient reader, String readerUser, String name) {
		var hired = api.post(boss, "/v1/hr/employees", """
				{"displayName":"%s","email":"%s@elsewhere.example","department":"Engineering","startDate":"%s"}"""
			.formatted(name, UUID.randomUUID(), LocalDate.now().plusDays(7)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employeeId = ApiClient.field(hired.body(), "id");
		AtomicReference<String> runId = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			JsonNode items = json.readTree(reader.get(readerUser, "/v1/workflow-runs?employeeId=" + employeeId).body()).get("items");
			assertThat(items.size()).isPositive();
			runId.set(items.get(0).get("id").asString());
		});
		return runId.get();
	}

	JsonNode run(ApiClient api, String user, String runId) {
		return json.readTree(api.get(user, "/v1/workflow-runs/" + runId).body());
	}

	JsonNode stage(ApiClient api, String user, String runId, String name) {
		for (JsonNode candidate : run(api, user, runId).get("stages")) {
			if (candidate.get("name").asString().equals(name)) {
				return candidate;
			}
		}
		throw new AssertionError("no stage " + name);
	}

	void approve(ApiClient api, String user, String runId, String stageName) {
		AtomicReference<String> stageId = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			JsonNode stage = stage(api, user, runId, stageName);
			assertThat(stage.get("status").asString()).isEqualTo("active");
			stageId.set(stage.get("id").asString());
		});
		var response = api.post(user, "/v1/workflow-runs/" + runId + "/approve", "{\"stageId\":\"" + stageId.get() + "\"}",
				UUID.randomUUID().toString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
	}

	int definitionVersion(String tenant, String runId) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("SELECT definition_version FROM workflow_runs WHERE id = :id")
			.param("id", UUID.fromString(runId)).query(Integer.class).single());
	}
}
