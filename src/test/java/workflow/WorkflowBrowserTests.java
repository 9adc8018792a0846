package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.json.JsonMapper;

/**
 * The approver console in real headless Chromium: inbox → run detail → HTMX decisions that swap
 * the panel in place (no reload) until the run completes; a reject needs a comment. Skipped,
 * loudly, when Chromium or chromedriver is not installed.
 */
@JmlHubIntegrationTest
class WorkflowBrowserTests {

	static final Path CHROMIUM = Path.of("/usr/bin/chromium");
	static final Path DRIVER = Path.of("/usr/bin/chromedriver");
	static final Path SCREENSHOTS = Path.of("target/screenshots");

	static WebDriver browser;

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	RunScenario scenario;

	@BeforeAll
	static void startBrowser() {
		boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
		if (!present) {
			System.err.println("""
					*****************************************************************
					* SKIPPING browser tests: /usr/bin/chromium or /usr/bin/chromedriver
					* is missing (apt-get install chromium chromium-driver).
					*****************************************************************""");
		}
		assumeTrue(present, "Chromium and chromedriver are required for the browser tests");
		ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toString())
			.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
					"--disable-background-networking", "--disable-component-update", "--no-first-run",
					"--window-size=1400,1000");
		browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build(), options);
	}

	@AfterAll
	static void stopBrowser() {
		if (browser != null) {
			browser.quit();
		}
	}

	@BeforeEach
	void setUp() {
		scenario = new RunScenario(new ApiClient(port), json, transactions, outbox);
		browser.manage().deleteAllCookies();
	}

	@Test
	void approversTakeAJoinerThroughEveryStageWithoutAPageReload() throws Exception {
		String name = "Browser Hire " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");

		login("manny");
		open("/inbox");
		WebElement row = wait(ExpectedConditions.presenceOfElementLocated(
				By.cssSelector("#inbox-table tr[data-run-id='" + runId + "']")));
		assertThat(row.getText()).contains(name, "Manager approval");
		assertThat(browser.findElement(By.id("inbox-count")).getText()).isNotBlank();
		screenshot("inbox");
		row.findElement(By.linkText("Review " + name)).click();
		decide("approve", null);
		screenshot("run-detail-settled");

		for (String user : List.of("ivan", "sara", "sam")) {
			login(user);
			open("/runs/" + runId);
			decide("approve", null);
		}
		wait(ExpectedConditions.attributeToBe(By.id("run-panel"), "data-status", "completed"));
		assertThat(browser.findElement(By.id("grants")).getText()).contains("accounts", "granted");
		screenshot("run-completed");
	}

	@Test
	void aRejectNeedsACommentShownInlineAndCompensatesTheGrants() throws Exception {
		String name = "Browser Reject " + UUID.randomUUID().toString().substring(0, 6);
		UUID runId = scenario.startJoiner(name, "manny");
		for (String user : List.of("manny", "ivan")) {
			login(user);
			open("/runs/" + runId);
			decide("approve", null);
		}
		login("sara");
		open("/runs/" + runId);
		WebElement panel = browser.findElement(By.id("run-panel"));
		browser.findElement(By.id("button-reject")).click();
		wait(ExpectedConditions.stalenessOf(panel));
		WebElement error = wait(ExpectedConditions.visibilityOfElementLocated(By.id("error-reject")));
		assertThat(error.getText()).contains("comment is required");
		screenshot("reject-comment-required");

		decide("reject", "Badge request missing");
		wait(ExpectedConditions.attributeToBe(By.id("run-panel"), "data-status", "rejected"));
		assertThat(browser.findElement(By.id("grants")).getText()).contains("compensated");
		screenshot("run-rejected");
	}

	/** Fills and submits one action form, then waits for the swapped panel to settle. */
	private void decide(String action, String comment) {
		Object marker = ((JavascriptExecutor) browser).executeScript("return window.__page = window.__page || Math.random();");
		WebElement panel = wait(ExpectedConditions.presenceOfElementLocated(By.id("run-panel")));
		if (comment != null) {
			browser.findElement(By.id("comment-" + action)).sendKeys(comment);
		}
		wait(ExpectedConditions.elementToBeClickable(By.id("button-" + action))).click();
		wait(ExpectedConditions.stalenessOf(panel));
		wait(ExpectedConditions.attributeToBe(By.id("run-panel"), "data-waiting", "false"));
		// the same document: the panel was swapped in place, the page was not reloaded
		assertThat(((JavascriptExecutor) browser).executeScript("return window.__page;")).isEqualTo(marker);
	}

	private void login(String user) {
		browser.manage().deleteAllCookies();
		open("/login");
		browser.findElement(By.id("username")).sendKeys(user);
		browser.findElement(By.id("password")).sendKeys("demo");
		browser.findElement(By.cssSelector("form button[type=submit]")).click();
		wait(ExpectedConditions.presenceOfElementLocated(By.id("current-user")));
	}

	private void open(String path) {
		browser.get("http://localhost:" + port + path);
	}

	private <T> T wait(java.util.function.Function<WebDriver, T> condition) {
		// the panel is swapped while polling: an element may go stale between finding and reading it
		return new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.until(condition::apply);
	}

	private void screenshot(String name) throws IOException {
		Files.createDirectories(SCREENSHOTS);
		Files.write(SCREENSHOTS.resolve("workflow-" + name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
	}
}
