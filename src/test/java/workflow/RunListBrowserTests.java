package workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import platform.TenantTransactions;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.json.JsonMapper;

/**
 * The runs list, the inbox's bulk approve and the insights dashboard in a real headless Chromium:
 * the employee page's link lists that employee's runs only, the filters narrow the list, a bulk
 * approval confirms its count and reports each run, the dashboard draws its charts.
 */
@JmlHubIntegrationTest
@BrowserTest
class RunListBrowserTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	RunScenario scenario;

	ApiClient api;

	@BeforeEach
	void setUp() {
		api = new ApiClient(port);
		scenario = new RunScenario(api, json, transactions, outbox);
	}

	@Test
	void theEmployeePageLinkListsThatEmployeesRunsAndTheFiltersNarrowTheList(Browser browser) {
		String suffix = UUID.randomUUID().toString().substring(0, 8);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Linked %s","email":"linked-%s@acme.example","department":"Engineering","manager":"manny","startDate":"2031-01-01"}"""
			.formatted(suffix, suffix));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		UUID employeeId = UUID.fromString(ApiClient.field(hired.body(), "id"));
		UUID runId = scenario.awaitRunOf(employeeId);
		scenario.awaitActiveStage(runId, "manager_approval");
		UUID other = scenario.startJoiner("Other " + suffix, "manny");

		browser.login("hana").open("/hr/employees/" + employeeId);
		WebElement link = browser.waitFor("a[href*='/runs?employeeId=" + employeeId + "']");
		browser.script("arguments[0].click();", link);
		browser.waitFor("#employee-filter");
		browser.waitFor("#runs-table tr[data-run-id='" + runId + "']");
		assertThat(browser.driver().findElements(By.cssSelector("#runs-table tbody tr"))).hasSize(1);
		assertThat(browser.text("#runs-table tbody tr")).contains("Linked " + suffix, "Manager approval", "Manny Mendes", "due in");
		browser.screenshot("runs-employee-filter");

		browser.login("manny").open("/runs?q=" + suffix);
		browser.waitFor("#runs-table tr[data-run-id='" + other + "']");
		browser.waitFor("#filter-blocked").click();
		browser.waitFor("#filter-submit").click();
		browser.waitFor("#runs-empty");
		browser.waitFor("#filter-blocked").click();
		browser.waitFor("#filter-mine").click();
		browser.waitFor("#filter-submit").click();
		browser.waitFor("#runs-table tr[data-run-id='" + other + "']");
		assertThat(browser.driver().getCurrentUrl()).contains("mine=true").doesNotContain("blocked=true");
		assertThat(browser.driver().findElements(By.cssSelector("#runs-table tbody tr"))).hasSize(2);
		browser.screenshot("runs-mine");
	}

	@Test
	void bulkApproveConfirmsTheCountAndReportsEachRun(Browser browser) {
		String family = "Bulk Browser " + UUID.randomUUID().toString().substring(0, 6);
		List<UUID> runs = List.of(scenario.startJoiner(family + " A", "manny"), scenario.startJoiner(family + " B", "manny"));

		browser.login("manny").open("/inbox");
		for (UUID runId : runs) {
			WebElement box = browser.waitFor("#inbox-table tr[data-run-id='" + runId + "'] input.bulk-select");
			browser.script("arguments[0].click();", box);
		}
		browser.script("arguments[0].click();", browser.waitFor("#bulk-approve"));
		assertThat(browser.waitFor("#bulk-count").getText()).contains("approve 2 stages");
		assertThat(browser.text("#bulk-items")).contains(family + " A", family + " B");
		browser.screenshot("inbox-bulk-confirm");
		browser.waitFor("#confirm-bulk").click();
		assertThat(browser.waitFor("#bulk-summary").getText()).contains("You approved 2 of the 2 selected stages");
		for (UUID runId : runs) {
			assertThat(browser.attribute("#bulk-outcomes tr[data-run-id='" + runId + "']", "data-recorded")).isEqualTo("true");
			scenario.awaitActiveStage(runId, "it_access");
		}
		browser.screenshot("inbox-bulk-done");
	}

	@Test
	void theInsightsDashboardDrawsItsChartsWithTheirTables(Browser browser) {
		UUID runId = scenario.startJoiner("Charted " + UUID.randomUUID().toString().substring(0, 6), "manny");
		scenario.approve(runId, "manager_approval", "manny");
		scenario.awaitActiveStage(runId, "it_access");

		browser.login("ada").open("/admin/insights");
		assertThat(browser.driver().findElements(By.cssSelector("#chart-weekly svg rect"))).isNotEmpty();
		assertThat(browser.driver().findElements(By.cssSelector("#chart-open svg rect"))).isNotEmpty();
		assertThat(browser.driver().findElements(By.cssSelector("#chart-approvers svg rect"))).isNotEmpty();
		assertThat(browser.text("#table-open")).contains("IT access approval");
		assertThat(browser.text("#table-approvers")).contains("manny");
		assertThat(browser.attribute("#runs-csv", "href")).endsWith("/admin/insights/runs.csv");
		browser.screenshot("admin-insights");
	}
}
