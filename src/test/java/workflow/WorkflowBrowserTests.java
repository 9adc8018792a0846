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
import tools.jackson.databind.json.JsonMapper;

/**
 * The approver console in a real headless Chromium: inbox → run detail → HTMX decisions that
 * swap the panel in place (no reload) until the run completes; a reject needs a comment.
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
		decide(browser, "approve", null);
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
		browser.waitFor("#button-reject").click();
		browser.until(ExpectedConditions.stalenessOf(panel), "the swapped panel");
		assertThat(browser.waitFor("#error-reject").getText()).contains("comment is required");
		browser.screenshot("workflow-reject-comment-required");

		decide(browser, "reject", "Badge request missing");
		// the projection first (its failure shows the run's state), then the page that shows it
		scenario.awaitStatus(runId, "rejected");
		browser.until(panel("data-status", "rejected"), "the rejected run");
		assertThat(browser.waitFor("#grants").getText()).contains("compensated");
		browser.screenshot("workflow-run-rejected");
	}

	/** Submits one action form, then waits for the swapped panel to settle, on the same page. */
	private static void decide(Browser browser, String action, String comment) {
		Object page = browser.script("return window.__page = window.__page || Math.random();");
		WebElement panel = browser.waitFor("#run-panel");
		if (comment != null) {
			browser.waitFor("#comment-" + action).sendKeys(comment);
		}
		browser.until(ExpectedConditions.elementToBeClickable(By.id("button-" + action)), action).click();
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
