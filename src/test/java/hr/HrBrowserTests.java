package hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.JmlHubIntegrationTest;

/** HR's pages in a real Chromium: create with inline validation, search, offboard with confirmation. */
@JmlHubIntegrationTest
@BrowserTest
class HrBrowserTests {

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void hanaCreatesAnEmployeeThroughTheFormAfterFixingInlineErrors(Browser browser) {
		String tag = UUID.randomUUID().toString().substring(0, 6);
		String email = "form-" + tag + "@acme.example";
		browser.login("hana").open("/hr/employees");
		browser.waitForText("h1", "Employees");
		browser.driver().findElement(By.id("new-employee")).click();
		browser.waitForText("h1", "New employee");

		WebDriver driver = browser.driver();
		driver.findElement(By.id("displayName")).sendKeys("   ");
		driver.findElement(By.id("email")).sendKeys("not-an-email");
		driver.findElement(By.id("department")).sendKeys("Engineering");
		browser.click(driver.findElement(By.cssSelector("#hire-form button[type=submit]")));

		browser.waitForText("#email-error", "well-formed email");
		assertThat(browser.waitFor("#displayName-error").getText()).isNotBlank();
		assertThat(browser.waitFor("#startDate-error").getText()).isNotBlank();
		assertThat(driver.findElement(By.id("department")).getAttribute("value")).as("kept input").isEqualTo("Engineering");
		assertThat(driver.findElement(By.id("email")).getAttribute("class")).contains("is-invalid");
		browser.screenshot("hr-new-employee-validation");
		assertThat(countByEmail(email)).isZero();

		driver.findElement(By.id("displayName")).clear();
		driver.findElement(By.id("displayName")).sendKeys("Form Person " + tag);
		driver.findElement(By.id("email")).clear();
		driver.findElement(By.id("email")).sendKeys(email);
		driver.findElement(By.id("employeeNumber")).sendKeys("F-" + tag);
		driver.findElement(By.id("location")).sendKeys("Lisbon");
		// set without opening the native list, which would lie over the submit button below it
		browser.script("document.getElementById('manager').value = 'manny'");
		browser.script("document.getElementById('startDate').value = arguments[0]",
				LocalDate.now().plusDays(14).toString());
		browser.click(driver.findElement(By.cssSelector("#hire-form button[type=submit]")));

		browser.waitForText("#flash-success", "was added");
		assertThat(browser.waitFor("#employee-status").getText()).isEqualTo("pre-hire");
		assertThat(browser.waitFor("#employee-number").getText()).isEqualTo("F-" + tag);
		assertThat(browser.waitFor("#employee-change-0").getText()).contains("hana", "console", "Location", "Lisbon");
		browser.screenshot("hr-employee");
		assertThat(countByEmail(email)).isOne();

		// the console's edit is a change from the console: its fields, from → to, in the history
		String page = driver.getCurrentUrl();
		browser.open(page.substring(page.indexOf("/hr/employees")) + "/edit");
		browser.waitForText("h1", "Edit employee");
		assertThat(driver.findElement(By.id("employeeNumber")).getAttribute("value")).isEqualTo("F-" + tag);
		driver.findElement(By.id("location")).clear();
		driver.findElement(By.id("location")).sendKeys("Porto");
		browser.click(driver.findElement(By.id("button-save")));
		browser.waitForText("#flash-success", "was saved");
		assertThat(browser.waitFor("#employee-location").getText()).isEqualTo("Porto");
		assertThat(browser.waitFor("#employee-change-1").getText()).contains("console", "Location", "Lisbon", "Porto")
			.doesNotContain("manager");
		browser.screenshot("hr-employee-history");

		browser.open("/hr/employees");
		driver.findElement(By.id("q")).sendKeys(tag);
		browser.waitForText("#results", "Form Person " + tag);
		browser.screenshot("hr-employees");
	}

	@Test
	void offboardingValidatesTheLastDayAndAsksNoConfirmation(Browser browser) {
		String tag = UUID.randomUUID().toString().substring(0, 6);
		browser.login("hana").open("/hr/employees/new");
		WebDriver driver = browser.driver();
		driver.findElement(By.id("displayName")).sendKeys("Leaving Person " + tag);
		driver.findElement(By.id("email")).sendKeys("leave-" + tag + "@acme.example");
		driver.findElement(By.id("department")).sendKeys("Sales");
		browser.script("document.getElementById('startDate').value = arguments[0]", LocalDate.now().minusDays(30).toString());
		browser.click(driver.findElement(By.id("allowBackdated")));
		browser.click(driver.findElement(By.cssSelector("#hire-form button[type=submit]")));
		browser.waitForText("#flash-success", "was added");

		// validated first, and no "cannot be undone?": an offboarding can be cancelled
		browser.click(driver.findElement(By.cssSelector("#offboard-form button[type=submit]")));
		browser.waitFor("#offboard-form #lastDay.is-invalid");
		assertThat(driver.findElements(By.cssSelector("#offboard-form [hx-confirm]"))).isEmpty();
		assertThat(browser.waitFor("#employee-status").getText()).as("until the joiner run completes").isEqualTo("pre-hire");

		browser.script("document.getElementById('lastDay').value = '2026-12-31'");
		browser.click(driver.findElement(By.cssSelector("#offboard-form button[type=submit]")));
		browser.waitForText("#employee-status", "leaving");
		browser.waitForText("#flash-success", "leaving");
		assertThat(driver.findElements(By.id("offboard-form"))).isEmpty();
		// the edit form of a leaving employee has the last day (and a hire's form has none)
		String employeePage = driver.getCurrentUrl();
		browser.open(employeePage.replaceFirst("^https?://[^/]+", "").replaceFirst("\\?.*$", "") + "/edit");
		assertThat(browser.waitFor("#edit-form #lastDay").getAttribute("value")).isEqualTo("2026-12-31");
		browser.open("/hr/employees/new");
		assertThat(driver.findElements(By.id("lastDay"))).isEmpty();
		driver.navigate().to(employeePage);

		// HR cancels the scheduled offboarding: back to the status before, the offboarding form again
		driver.findElement(By.cssSelector("#cancel-offboarding-form button[type=submit]")).click();
		browser.until(ExpectedConditions.alertIsPresent(), "the confirmation").accept();
		browser.waitForText("#flash-success", "offboarding was cancelled");
		assertThat(browser.waitFor("#employee-status").getText()).isEqualTo("pre-hire");
		assertThat(driver.findElements(By.id("cancel-offboarding-form"))).isEmpty();
		assertThat(driver.findElements(By.id("offboard-form"))).hasSize(1);
	}

	private long countByEmail(String email) {
		return transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees WHERE email = :email")
			.param("email", email).query(Long.class).single());
	}
}
