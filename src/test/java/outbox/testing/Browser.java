package outbox.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian Chromium through the system chromedriver (Selenium Manager cannot download
 * anything here, so both paths are given explicitly). Without the binaries the calling test is
 * skipped with a loud message, never passed silently.
 */
public final class Browser implements AutoCloseable {

	static final Path CHROMIUM = Path.of("/usr/bin/chromium");
	static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private final WebDriver driver;
	private final String baseUrl;

	private Browser(WebDriver driver, int port) {
		this.driver = driver;
		this.baseUrl = "http://localhost:" + port;
	}

	public static Browser open(int port) {
		if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
			String message = "BROWSER TESTS SKIPPED: " + CHROMIUM + " or " + CHROMEDRIVER
					+ " is missing (apt-get install chromium chromium-driver; .ci/run does this)";
			System.err.println("\n*** " + message + " ***\n");
			Assumptions.abort(message);
		}
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-background-networking", "--disable-component-update", "--no-first-run",
				"--window-size=1400,1000");
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		return new Browser(new ChromeDriver(service, options), port);
	}

	public WebDriver driver() {
		return driver;
	}

	public void go(String path) {
		driver.get(baseUrl + path);
	}

	public void signIn(String username) {
		go("/login");
		driver.findElement(By.id("username")).sendKeys(username);
		driver.findElement(By.id("password")).sendKeys("demo");
		driver.findElement(By.cssSelector("button[type=submit]")).click();
		waitFor().until(d -> !d.getCurrentUrl().contains("/login"));
	}

	public WebDriverWait waitFor() {
		return new WebDriverWait(driver, Duration.ofSeconds(15));
	}

	/** Saves a screenshot to target/screenshots/{name}.png. */
	public Path screenshot(String name) {
		try {
			File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
			Path target = Path.of("target", "screenshots", name + ".png");
			Files.createDirectories(target.getParent());
			Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
			return target;
		}
		catch (IOException e) {
			throw new IllegalStateException(e);
		}
	}

	@Override
	public void close() {
		driver.quit();
	}
}
