package outbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.EventTypes;
import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import outbox.testing.Browser;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;

/**
 * The outbox admin pages in a real (headless) Chromium: ada watches the live backlog pick up a
 * new dead letter without a reload, opens it, retries it and sees it leave the list; an approver
 * gets the 403 page. Screenshots go to target/screenshots/.
 */
@OutboxModuleTest
class OutboxBrowserTests {

	static final String ACME = "acme";

	@LocalServerPort
	int port;

	@Autowired
	HandlerScript script;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher publisher;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DeadLetterService deadLetters;

	TestEvents events;
	final AtomicBoolean adapterFixed = new AtomicBoolean();

	@BeforeAll
	void setUp() {
		events = new TestEvents(transactions, publisher, jdbc);
	}

	@AfterAll
	void discardWhatIsLeft() {
		deadLetters.discardAll(ACME, "test-cleanup", new DeadLetterFilter(null, BrowserTestFailure.class.getName()));
	}

	@Test
	void anAdminSeesADeadLetterLiveRetriesItAndItLeavesTheList() {
		String key = "browser-" + UUID.randomUUID();
		script.when(ACME, key, event -> {
			if (!adapterFixed.get()) {
				throw new BrowserTestFailure("the directory rejected the account for " + event.idempotencyKey());
			}
		});
		try (Browser browser = Browser.open(port)) {
			browser.signIn("ada");
			browser.go("/admin/outbox");
			WebElement failed = browser.driver().findElement(By.id("backlog-failed"));
			long before = Long.parseLong(failed.getText());
			String url = browser.driver().getCurrentUrl();

			events.publish(ACME, EventTypes.HR_EMPLOYEE_CREATED, key);
			// the panel polls every 5 s: the count changes in place, without navigating
			browser.waitFor().until(d -> Long.parseLong(d.findElement(By.id("backlog-failed")).getText()) == before + 1);
			assertThat(browser.driver().getCurrentUrl()).isEqualTo(url);
			browser.screenshot("outbox-backlog");

			browser.go("/admin/outbox/dead-letters?errorClass=" + BrowserTestFailure.class.getName());
			UUID id = events.state(ACME, key).id();
			WebElement row = browser.driver().findElement(By.id("dead-letter-" + id));
			assertThat(row.getText()).contains("hr.employee.created", "BrowserTestFailure");
			browser.screenshot("outbox-dead-letters");

			row.findElement(By.linkText("Details")).click();
			browser.waitFor().until(ExpectedConditions.presenceOfElementLocated(By.id("attempt-history")));
			assertThat(browser.driver().findElement(By.id("event-payload")).getText()).contains("\"key\" : \"" + key + "\"");
			browser.screenshot("outbox-dead-letter-detail");

			adapterFixed.set(true);
			browser.driver().findElement(By.id("retry-one")).click();
			browser.waitFor().until(ExpectedConditions.presenceOfElementLocated(By.id("flash-success")));
			assertThat(browser.driver().findElements(By.id("dead-letter-" + id))).isEmpty();
			await().atMost(Duration.ofSeconds(10)).until(() -> events.status(ACME, key).equals("delivered"));

			browser.go("/admin/outbox/events?id=" + id);
			browser.waitFor().until(ExpectedConditions.textToBe(By.id("event-status"), "delivered"));
			browser.screenshot("outbox-event");
		}
	}

	@Test
	void anApproverGetsTheForbiddenPage() {
		try (Browser browser = Browser.open(port)) {
			browser.signIn("manny");
			browser.go("/admin/outbox/dead-letters");
			assertThat(browser.driver().findElement(By.tagName("main")).getText()).contains("403");
		}
	}

	/** The scripted adapter failure of these tests. */
	static class BrowserTestFailure extends PermanentFailureException {

		BrowserTestFailure(String message) {
			super(message);
		}
	}
}
