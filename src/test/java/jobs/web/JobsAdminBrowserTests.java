package jobs.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;

import jobs.assembly.JobsAssembly;
import platform.browser.Browser;
import platform.browser.BrowserTest;

/** The admin jobs page in a real Chromium. */
@JobsIntegrationTest
@BrowserTest
class JobsAdminBrowserTests {

	@Autowired
	JobsAssembly assembly;

	@Test
	void adaRunsAJobNowAndOnlyItsRowIsSwapped(Browser browser) {
		browser.login("ada").open("/admin/jobs");
		browser.waitForText("h1", "Jobs");
		assertThat(browser.cssValue("nav.navbar", "background-color")).as("Bootstrap is applied")
			.isEqualTo("rgba(33, 37, 41, 1)");
		browser.waitForText("#job-test_failing .last-error", "simulated failure");
		// pretend the tab is hidden: the poll's filter then skips, so only the click can change the row
		browser.script("Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })");
		browser.until(driver -> browser.script("return document.querySelector('.htmx-request') === null"),
				"no refresh in flight");
		String before = browser.waitFor("#job-test_counter time.last-started").getAttribute("datetime");
		WebElement row = browser.driver().findElement(By.id("job-test_counter"));
		// a full page load would lose this marker; the observer records every row htmx swaps in
		browser.script("""
				window.__jobsPageMarker = 'same page';
				window.__swappedRows = [];
				new MutationObserver(mutations => mutations.forEach(m => m.addedNodes.forEach(node => {
				  if (node.id === 'job-test_counter') window.__swappedRows.push(node.outerHTML);
				}))).observe(document.getElementById('jobs-live').parentElement, { childList: true, subtree: true });
				""");

		browser.click(row.findElement(By.cssSelector("button")));

		browser.waitForText("#jobs-flash", "for test_counter is stored");
		browser.until(ExpectedConditions.stalenessOf(row), "the row to be swapped");
		assertThat(browser.script("return window.__jobsPageMarker")).as("no full page reload").isEqualTo("same page");
		@SuppressWarnings("unchecked")
		List<String> swapped = (List<String>) browser.script("return window.__swappedRows");
		assertThat(swapped).hasSize(1).first().asString().contains("trigger-result", ">accepted<");
		assertThat(browser.driver().findElement(By.id("job-test_counter")).getAttribute("data-job"))
			.isEqualTo("test_counter");
		// the request went through the database to the worker; the next poll shows its run
		browser.script("Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })");
		browser.until(driver -> !before.equals(driver.findElement(By.cssSelector("#job-test_counter time.last-started"))
			.getAttribute("datetime")), "a newer start time in the row");
		assertThat(browser.script("return window.__jobsPageMarker")).as("no full page reload").isEqualTo("same page");
		// the docs show this one (docs/screenshots): the page from its top, not where the click left it
		browser.script("window.scrollTo({top: 0, behavior: 'instant'})");
		browser.screenshot("admin-jobs");
	}

	@Test
	void thePageRefreshesItselfWhileVisible(Browser browser) {
		browser.login("ada").open("/admin/jobs");
		browser.waitFor("#job-test_counter time.last-started");
		String before = browser.attribute("#job-test_counter time.last-started", "datetime");
		browser.script("window.__jobsPageMarker = 'same page'");

		assertThat(assembly.trigger("test_counter")).hasValueSatisfying(r -> assertThat(r.accepted()).isTrue());

		browser.until(driver -> !before.equals(browser.attribute("#job-test_counter time.last-started", "datetime")),
				"the polled table to show the new run");
		assertThat(browser.script("return window.__jobsPageMarker")).isEqualTo("same page");
	}

	@Test
	void anApproverGetsTheForbiddenPageInTheLayout(Browser browser) {
		browser.login("manny").open("/admin/jobs");

		browser.waitForText("h1", "Not allowed");
		assertThat(browser.waitFor("#current-user").getText()).isEqualTo("Manny Mendes");
		assertThat(browser.waitFor("#current-tenant").getText()).isEqualTo("Acme Corp");
		assertThat(browser.driver().getPageSource()).doesNotContain("test_counter");
		browser.screenshot("admin-jobs-forbidden");
	}
}
