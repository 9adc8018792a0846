package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.OutboxPublisher;
import platform.TenantTransactions;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/**
 * Delegation in a real headless Chromium: an approver sets an out-of-office delegate on My
 * delegation (a refusal shows at the field first), a new run goes to the delegate, whose inbox
 * says for whom, and who approves it on the run page; an admin reassigns another run's stage from
 * the run page's reassign box.
 */
@JmlHubIntegrationTest
@BrowserTest
class DelegationBrowserTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	OutboxPublisher outbox;

	@Test
	void aDelegateSeesTheAssignmentForTheAwayApproverAndApprovesItThenAnAdminReassigns(Browser browser) {
		DelegationTenant tenant = new DelegationTenant(new ApiClient(port), transactions, jdbc, outbox);
		LocalDate today = LocalDate.now(ZoneOffset.UTC);

		browser.login(tenant.at("mona")).open("/inbox");
		browser.click(browser.waitFor("#my-delegation"));
		browser.waitFor("#delegation-none");
		fill(browser, "#delegate", "mona");
		fill(browser, "#from", today.toString());
		fill(browser, "#until", today.plusDays(2).toString());
		WebElement panel = browser.waitFor("#delegation-panel");
		browser.click(browser.waitFor("#save-delegation"));
		browser.until(ExpectedConditions.stalenessOf(panel), "the swapped panel");
		assertThat(browser.waitFor("#delegate-error").getText()).contains("cannot delegate to yourself");
		fill(browser, "#delegate", "dave");
		panel = browser.waitFor("#delegation-panel");
		browser.click(browser.waitFor("#save-delegation"));
		browser.until(ExpectedConditions.stalenessOf(panel), "the swapped panel");
		assertThat(browser.waitFor("#delegation-current").getText()).contains("Delegated to dave", "active now");
		browser.screenshot("workflow-delegation");

		String name = "Delegated Hire " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = tenant.joiner(name, "dh-" + UUID.randomUUID() + "@x.example", "mona");
		browser.login(tenant.at("dave")).open("/inbox");
		WebElement row = browser.waitFor("#inbox-table tr[data-run-id='" + runId + "']");
		assertThat(row.getText()).contains(name, "for mona");
		browser.screenshot("workflow-inbox-delegated");
		browser.open("/runs/" + runId);
		WebElement runPanel = browser.waitFor("#run-panel");
		browser.click(browser.until(ExpectedConditions.elementToBeClickable(By.id("button-approve")), "approve"));
		browser.until(ExpectedConditions.stalenessOf(runPanel), "the swapped panel");
		tenant.activeStage(runId, "it_access");

		// separation of duties: dave approved as manager, so IT stays with its own approvers
		assertThat(DelegationTenant.assignees(tenant.activeStage(runId, "it_access"))).containsExactlyInAnyOrder("ivy", "mona");

		UUID other = tenant.joiner("re-" + UUID.randomUUID() + "@x.example", "ivy");
		browser.login(tenant.boss()).open("/runs/" + other);
		WebElement box = browser.waitFor("#reassign-form");
		assertThat(box.getText()).contains("Manager approval", "ivy");
		new Select(browser.waitFor("#reassign-to")).selectByValue("eve");
		browser.waitFor("#reassign-reason").sendKeys("Ivy is out this week");
		browser.click(browser.waitFor("#reassign-submit"));
		browser.until(ExpectedConditions.stalenessOf(box), "the swapped reassign box");
		assertThat(browser.waitFor("#reassign-success").getText()).contains("assigned to eve");
		browser.screenshot("workflow-reassigned");
		assertThat(DelegationTenant.assignees(tenant.activeStage(other, "manager_approval"))).containsExactly("eve");
		assertThat(tenant.audited("stage.reassigned")).isEqualTo(1);
	}

	private static void fill(Browser browser, String css, String value) {
		WebElement input = browser.waitFor(css);
		input.clear();
		if (css.equals("#from") || css.equals("#until")) {
			// a date input takes its value through the DOM (typing depends on the locale's format)
			browser.script("arguments[0].value = arguments[1];", input, value);
		}
		else {
			input.sendKeys(value);
		}
	}
}
