package workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import platform.TenantTransactions;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The approver console in a real headless Chromium: inbox → run detail → HTMX decisions that
 * swap the panel in place (no reload) until the run completes; a reject needs a comment and a
 * confirmation; the decision page shows the employee and what the stage grants before the
 * decision; HR's queue leads to edit-and-resubmit of a returned run.
 */
@JmlHubIntegrationTest
@BrowserTest
class WorkflowBrowserTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	RunScenario scenario;

	@BeforeEach
	void setUp() {
		scenario = new RunScenario(new ApiClient(port), json, transactions, outbox);
	}

	@Test
	void approversTakeAJoinerThroughEveryStageWithoutAPageReload(Browser browser) {
		String name = "Browser Hire " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");

		browser.login("manny").open("/inbox");
		WebElement row = browser.waitFor("#inbox-table tr[data-run-id='" + runId + "']");
		assertThat(row.getText()).contains(name, "Manager approval");
		assertThat(browser.waitFor("#inbox-count").getText()).isNotBlank();
		browser.screenshot("workflow-inbox");
		WebElement review = row.findElement(By.cssSelector("a[href$='/runs/" + runId + "']"));
		// other tests' runs can push the row below the window: follow the link with a DOM click
		browser.script("arguments[0].click();", review);
		String before = browser.waitFor("#inbox-count").getText();
		decide(browser, "approve", null);
		// closure: what happened, where to go next, and the nav badge of the same page follows
		assertThat(browser.text("#action-done")).contains("You approved Manager approval for " + name + "’s joiner.");
		assertThat(browser.text("#next-in-inbox")).isNotBlank();
		assertThat(browser.text("#inbox-count")).isEqualTo(before.endsWith("+") ? before
				: Integer.parseInt(before) - 1 == 0 ? "" : String.valueOf(Integer.parseInt(before) - 1));
		browser.screenshot("workflow-run-detail");

		for (String user : List.of("ivan", "sara", "sam")) {
			browser.login(user).open("/runs/" + runId);
			decide(browser, "approve", null);
		}
		scenario.awaitStatus(runId, "completed");
		browser.until(panel("data-status", "completed"), "the completed run");
		assertThat(browser.waitFor("#grants").getText()).contains("accounts", "granted");
		browser.screenshot("workflow-run-completed");
	}

	@Test
	void aRejectNeedsACommentShownInlineAndCompensatesTheGrants(Browser browser) {
		String name = "Browser Reject " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");
		for (String user : List.of("manny", "ivan")) {
			browser.login(user).open("/runs/" + runId);
			decide(browser, "approve", null);
		}
		browser.login("sara").open("/runs/" + runId);
		WebElement panel = browser.waitFor("#run-panel");
		// validated before anything is asked: no confirmation for a reject without its comment
		browser.click(browser.waitFor("#button-reject"));
		browser.until(ExpectedConditions.stalenessOf(panel), "the swapped panel");
		assertThat(browser.waitFor("#error-reject").getText()).contains("comment is required");
		assertThat(browser.driver().findElements(By.id("confirm-form"))).isEmpty();
		browser.screenshot("workflow-reject-comment-required");

		decide(browser, "reject", "Badge request missing");
		// the projection first (its failure shows the run's state), then the page that shows it
		scenario.awaitStatus(runId, "rejected");
		browser.until(panel("data-status", "rejected"), "the rejected run");
		assertThat(browser.waitFor("#grants").getText()).contains("compensated");
		browser.screenshot("workflow-run-rejected");
	}

	@Test
	void theDecisionPageShowsTheEmployeeAndWhatTheStageGrantsBeforeTheDecisionAndConfirmsAReject(Browser browser) {
		String name = "Browser Decide " + UUID.randomUUID().toString().substring(0, 6);
		UUID employeeId = hire(name, "Platform Engineer", "Engineering");
		UUID runId = scenario.awaitRunOf(employeeId);
		scenario.awaitActiveStage(runId, "manager_approval");

		browser.login("manny").open("/runs/" + runId);
		assertThat(browser.waitFor("#profile-title").getText()).isEqualTo("Platform Engineer");
		assertThat(browser.text("#profile-manager")).isEqualTo("Manny Mendes");
		assertThat(browser.text("#requested-by")).isEqualTo("Hana Hoffmann");
		assertThat(browser.text("#stage-summary")).contains("Manager approval");
		assertThat(browser.driver().findElements(By.cssSelector("#decision-form textarea"))).as("one comment box").hasSize(1);
		assertThat(browser.text("#explain-return")).contains("back to HR");
		assertThat(browser.text("#explain-reject")).contains("undoes what earlier stages granted");
		decide(browser, "approve", "Fits the team");

		browser.login("ivan").open("/runs/" + runId);
		// what the IT stage grants, and to whom, before anyone approves it
		browser.waitForText("#stage-summary", "IT");
		assertThat(browser.text("#stage-grants")).contains("accounts", name);
		assertThat(browser.text("#decisions")).contains("Manny Mendes", "approved", "Fits the team");
		assertThat(browser.text("#grants")).isNull();
		browser.screenshot("workflow-decision-page");

		// a valid reject asks first, in the panel: cancelling sends nothing
		WebElement panel = browser.waitFor("#run-panel");
		browser.waitFor("#comment").sendKeys("Not this quarter");
		browser.click(browser.waitFor("#button-reject"));
		browser.until(ExpectedConditions.stalenessOf(panel), "the confirmation");
		assertThat(browser.waitFor("#confirm-question").getText()).contains("Reject this run?");
		assertThat(browser.text("#confirm-comment")).contains("Not this quarter");
		WebElement asking = browser.waitFor("#run-panel");
		browser.click(browser.waitFor("#button-cancel-confirm"));
		browser.until(ExpectedConditions.stalenessOf(asking), "the panel again");
		browser.waitFor("#decision-form");
		assertThat(browser.attribute("#run-panel", "data-status")).isEqualTo("running");
		assertThat(scenario.run(runId).get("actions")).hasSize(1);

		decide(browser, "reject", "Not this quarter");
		scenario.awaitStatus(runId, "rejected");
		browser.until(panel("data-status", "rejected"), "the rejected run");
	}

	@Test
	void hrEditsAReturnedRunsEmployeeFromTheQueueAndResubmitsItWithTheNewData(Browser browser) {
		String name = "Browser Return " + UUID.randomUUID().toString().substring(0, 6);
		UUID employeeId = hire(name, "Analyst", "Sales");
		UUID runId = scenario.awaitRunOf(employeeId);
		String stageId = RunScenario.id(scenario.awaitActiveStage(runId, "manager_approval"));
		scenario.accepted("manny", runId, "return", stageId, "Should be in Finance");
		scenario.awaitStatus(runId, "returned");

		browser.login("hana").open("/work");
		assertThat(browser.waitFor("#hr-work-count").getText()).isNotBlank();
		WebElement row = browser.waitFor("#hr-work-table tr[data-run-id='" + runId + "']");
		assertThat(row.getText()).contains(name, "returned", "Should be in Finance", "Manny Mendes");
		browser.screenshot("workflow-hr-queue");
		browser.script("arguments[0].click();", row.findElement(By.cssSelector("a[href$='/runs/" + runId + "']")));

		assertThat(browser.waitFor("#return-banner").getText()).contains("Should be in Finance", "Manny Mendes");
		browser.script("arguments[0].click();", browser.waitFor("#edit-and-resubmit"));
		WebElement department = browser.waitFor("#edit-form #department");
		department.clear();
		department.sendKeys("Finance");
		WebElement title = browser.waitFor("#edit-form #title");
		title.clear();
		title.sendKeys("Financial Analyst");
		browser.script("arguments[0].click();", browser.waitFor("#button-save"));

		// back on the run, which waits for the resubmit the edit asked for
		browser.waitFor("#flash-success");
		browser.until(panel("data-status", "running"), "the resubmitted run");
		browser.until(panel("data-waiting", "false"), "the settled panel");
		assertThat(browser.text("#profile-department")).isEqualTo("Finance");
		assertThat(browser.text("#profile-title")).isEqualTo("Financial Analyst");
		JsonNode run = scenario.awaitStatus(runId, "running");
		assertThat(run.get("department").asString()).isEqualTo("Finance");
		assertThat(RunScenario.stage(run, "manager_approval").get("round").asInt()).isEqualTo(1);
		assertThat(run.get("actions").toString()).contains("resubmit", "hana");
		browser.screenshot("workflow-resubmitted");
	}

	/** Hires through HR's API as hana (so the run has a requester); returns the employee id. */
	private UUID hire(String name, String title, String department) {
		String email = "browser-" + UUID.randomUUID() + "@acme.example";
		var response = new ApiClient(port).post("hana", "/v1/hr/employees", """
				{"displayName": "%s", "email": "%s", "department": "%s", "manager": "manny", "startDate": "2030-02-01",
				 "title": "%s"}""".formatted(name, email, department, title), UUID.randomUUID().toString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		return UUID.fromString(json.readTree(response.body()).get("id").asString());
	}

	/**
	 * Submits the decision form with one action's button, confirming in the panel what an
	 * irreversible action asks, then waits for the swapped panel to settle, on the same page.
	 */
	private static void decide(Browser browser, String action, String comment) {
		Object page = browser.script("return window.__page = window.__page || Math.random();");
		WebElement panel = browser.waitFor("#run-panel");
		if (comment != null) {
			browser.waitFor("#comment").sendKeys(comment);
		}
		browser.click(browser.until(ExpectedConditions.elementToBeClickable(By.id("button-" + action)), action));
		if (List.of("reject", "withdraw").contains(action)) {
			browser.until(ExpectedConditions.stalenessOf(panel), "the confirmation");
			panel = browser.waitFor("#run-panel");
			browser.click(browser.until(ExpectedConditions.elementToBeClickable(By.id("button-confirm-" + action)), "confirm"));
		}
		browser.until(ExpectedConditions.stalenessOf(panel), "the swapped panel");
		browser.until(panel("data-waiting", "false"), "the settled panel");
		assertThat(browser.script("return window.__page;")).as("no page reload").isEqualTo(page);
	}

	/** The panel's attribute has the value; the panel may be swapped (stale) while it is read. */
	private static ExpectedCondition<Boolean> panel(String attribute, String value) {
		return driver -> {
			try {
				return value.equals(driver.findElement(By.id("run-panel")).getAttribute(attribute));
			}
			catch (StaleElementReferenceException | org.openqa.selenium.NoSuchElementException e) {
				return false;
			}
		};
	}
}
