package hr.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.springframework.beans.factory.annotation.Autowired;

import hr.EmployeeService;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.JmlHubIntegrationTest;

/**
 * The Import page in a real Chromium: the sample CSV uploaded, its preview (counts and the changes
 * field by field), applied with the progress bar polling to "applied"; a file with bad rows shows
 * their errors and its errors CSV downloads with formulas neutralised.
 */
@JmlHubIntegrationTest
@BrowserTest
class ImportBrowserTests {

	static final Path SAMPLE = Path.of("src", "main", "resources", "static", "samples", "hr-import-sample.csv");

	@Autowired
	ImportApplyJob applyJob;

	@Autowired
	EmployeeService employees;

	@TempDir
	Path files;

	@Test
	void theSampleIsPreviewedThenAppliedWithItsProgress(Browser browser) {
		browser.login("hana").open("/hr/imports");
		browser.waitForText("h1", "Import employees");
		assertThat(browser.attribute("#sample-csv", "href")).endsWith("/samples/hr-import-sample.csv");
		browser.driver().findElement(By.id("file")).sendKeys(SAMPLE.toAbsolutePath().toString());
		browser.click(browser.driver().findElement(By.id("button-preview")));

		browser.waitForText("#import-summary", "3 create");
		assertThat(browser.text("#import-summary")).contains("0 update", "0 offboard", "0 reject");
		assertThat(browser.text("#import-rows")).contains("E1002", "department: — → Finance", "manager: — → E1001",
				"title: — → Account manager, North", "displayName: — → Cy \"Quote\" Sample");
		assertThat(employees.findByNumber("acme", "E1001")).as("a dry run").isEmpty();
		browser.screenshot("hr-import-preview");

		browser.click(browser.driver().findElement(By.id("button-apply")));
		browser.waitForText("#import-progress", "applying");
		assertThat(browser.attribute("#import-progress", "hx-trigger")).isEqualTo("every 2s");
		applyJob.run();
		browser.waitForText("#import-progress", "applied: 3 applied, 0 failed");
		assertThat(browser.attribute("#import-progress .progress", "aria-valuenow")).isEqualTo("100");
		assertThat(browser.driver().findElements(By.id("button-apply"))).isEmpty();
		assertThat(employees.findByNumber("acme", "E1002").orElseThrow().manager()).isEqualTo("E1001");
		browser.screenshot("hr-import-applied");
	}

	@Test
	void aFileWithBadRowsShowsTheirErrorsAndTheErrorsCsvDownloads(Browser browser) throws IOException {
		String tag = UUID.randomUUID().toString().substring(0, 6);
		LocalDate start = LocalDate.now().plusDays(20);
		Path file = files.resolve("bad-" + tag + ".csv");
		Files.write(file, List.of(ImportApiTests.HEADER,
				"BR-" + tag + "-1,Good Row,good-" + tag + "@acme.example,Ops,,,,," + start + ",",
				"BR-" + tag + "-2,Bad Date,bad-" + tag + "@acme.example,Ops,,,,,2031-02-30,",
				"\"=HYPERLINK(\"\"http://evil.example\"\")\",Formula,f-" + tag + "@acme.example,Ops,,,,," + start + ","),
				StandardCharsets.UTF_8);
		browser.login("hana").open("/hr/imports");
		browser.driver().findElement(By.id("file")).sendKeys(file.toAbsolutePath().toString());
		browser.click(browser.driver().findElement(By.id("button-preview")));

		browser.waitForText("#import-summary", "1 create");
		assertThat(browser.text("#import-summary")).contains("2 reject");
		assertThat(browser.text("#import-rows")).contains("startDate is not a date (yyyy-mm-dd): 2031-02-30",
				"employeeNumber must be");
		browser.screenshot("hr-import-errors");

		// the link's download, fetched in the page with the page's session
		@SuppressWarnings("unchecked")
		Map<String, Object> download = (Map<String, Object>) ((org.openqa.selenium.JavascriptExecutor) browser.driver())
			.executeAsyncScript("""
					const done = arguments[arguments.length - 1];
					fetch(document.getElementById('errors-csv').href)
					  .then(r => r.text().then(body => done({status: r.status, type: r.headers.get('Content-Type'),
					      disposition: r.headers.get('Content-Disposition'), body: body})))
					  .catch(e => done({status: -1, body: String(e)}));""");
		assertThat(((Number) download.get("status")).intValue()).isEqualTo(200);
		assertThat((String) download.get("type")).startsWith("text/csv");
		assertThat((String) download.get("disposition")).startsWith("attachment;").contains("-errors.csv");
		String csv = (String) download.get("body");
		assertThat(csv.split("\r\n")).hasSize(3);
		assertThat(csv).startsWith("line,employeeNumber,kind,outcome,errors\r\n")
			.contains("BR-" + tag + "-2,reject,,startDate is not a date")
			.contains("\"'=HYPERLINK(\"\"http://evil.example\"\")\",reject")
			.doesNotContain(",=HYPERLINK");
	}
}
