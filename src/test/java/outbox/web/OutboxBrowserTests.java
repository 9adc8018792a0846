package outbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.PermanentFailureException;
import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.browser.Browser;
import platform.browser.BrowserTest;

/**
 * The outbox admin pages in a real (headless) Chromium: ada watches the live backlog pick up a
 * new dead letter without a reload, opens it, retries it and sees it leave the list; an approver
 * gets the 403 page. Screenshots go to target/screenshots/.
 */
@OutboxModuleTest
@BrowserTest
class OutboxBrowserTests {

	static final String ACME = "acme";

	@LocalServerPort
	int port;

	@Autowired
	HandlerScript script;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DeadLetterService deadLetters;

	@Autowired
	TestEvents events;
	final AtomicBoolean adapterFixed = new AtomicBoolean();


	@AfterAll
	void discardWhatIsLeft() {
		deadLetters.discardAll(ACME, "test-cleanup", new DeadLetterFilter(null, BrowserTestFailure.class.getName()));
	}

	@Test
	void anAdminSeesADeadLetterLiveRetriesItAndItLeavesTheList(Browser browser) {
		String key = "browser-" + UUID.randomUUID();
		script.when(ACME, key, event -> {
			if (!adapterFixed.get()) {
				throw new BrowserTestFailure("the directory rejected the account for " + event.idempotencyKey());
			}
		});
		browser.login("ada").open("/admin/outbox");
		browser.waitFor("#backlog-failed");
		long before = Long.parseLong(browser.text("#backlog-failed").strip());
		// a full page load would lose this marker
		browser.script("window.__backlogMarker = 'same page'");

		events.publish(ACME, EmployeeHired.TYPE, key);
		// the panel polls every 5 s while the tab is visible: the count changes in place
		browser.until(ExpectedConditions.textToBe(By.id("backlog-failed"), String.valueOf(before + 1)),
				"the dead-letter count to go up");
		assertThat(browser.script("return window.__backlogMarker")).as("no full page reload").isEqualTo("same page");
		browser.screenshot("outbox-backlog");

		browser.open("/admin/outbox/dead-letters?errorClass=" + BrowserTestFailure.class.getName());
		UUID id = events.state(ACME, key).id();
		WebElement row = browser.waitFor("#dead-letter-" + id);
		assertThat(row.getText()).contains("hr.employee.created", "BrowserTestFailure");
		browser.screenshot("outbox-dead-letters");

		row.findElement(By.linkText("Details")).click();
		browser.waitFor("#attempt-history");
		assertThat(browser.driver().findElement(By.id("event-payload")).getText()).contains("\"displayName\" : \"Sample Hire\"");
		browser.screenshot("outbox-dead-letter-detail");

		adapterFixed.set(true);
		browser.driver().findElement(By.id("retry-one")).click();
		browser.waitForText("#flash-success", "Retry queued for 1 event");
		assertThat(browser.driver().findElements(By.id("dead-letter-" + id))).isEmpty();
		await().atMost(Duration.ofSeconds(10)).until(() -> events.status(ACME, key).equals("delivered"));

		browser.open("/admin/outbox/events?id=" + id);
		browser.waitForText("#event-status", "delivered");
		browser.screenshot("outbox-event");
	}

	@Test
	void anApproverGetsTheForbiddenPage(Browser browser) {
		browser.login("manny").open("/admin/outbox/dead-letters");
		browser.waitForText("main", "403");
	}

	/** The scripted adapter failure of these tests. */
	static class BrowserTestFailure extends PermanentFailureException {

		BrowserTestFailure(String message) {
			super(message);
		}
	}
}
