package platform.browser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.function.BiPredicate;

import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a browser, for one test class: sign in through the login form, open pages,
 * wait for what htmx swaps in, and keep screenshots in {@code target/screenshots/}. Run with
 * {@code -Dscreenshots.update=true}, the screenshots the docs show ({@code docs/screenshots/}) are
 * written there too. Every wait is bounded ({@link #WAIT}) and polls briefly, so tests never sleep.
 */
public final class Browser {

	public static final Duration WAIT = Duration.ofSeconds(15);

	static final Path SCREENSHOTS = Path.of("target", "screenshots");

	/** The screenshots the docs show; refreshed only when the system property {@value #UPDATE_DOCS} is true. */
	static final Path DOCS_SCREENSHOTS = Path.of("docs", "screenshots");

	static final String UPDATE_DOCS = "screenshots.update";

	private final WebDriver driver;
	private final String baseUrl;
	private final BiPredicate<String, String> preloads;

	Browser(WebDriver driver, String baseUrl, BiPredicate<String, String> preloads) {
		this.driver = driver;
		this.baseUrl = baseUrl;
		this.preloads = preloads;
	}

	/**
	 * Has every page opened from now on in this test run {@code source} first (a test library,
	 * sent to the browser once instead of with every page); false when {@code name} already was.
	 */
	boolean preloadOnEveryPage(String name, String source) {
		return preloads.test(name, source);
	}

	public WebDriver driver() {
		return driver;
	}

	/** Signs in as {@code user} (password {@code demo}) through the form, leaving any earlier session. */
	public Browser login(String user) {
		// leave the page first: a request still in flight could otherwise set a new session cookie
		driver.get("about:blank");
		open("/favicon.ico");
		driver.manage().deleteAllCookies();
		open("/login");
		driver.findElement(By.id("username")).sendKeys(user);
		driver.findElement(By.id("password")).sendKeys("demo");
		driver.findElement(By.cssSelector("form[action$='/login'] button[type=submit]")).click();
		until(ExpectedConditions.or(ExpectedConditions.presenceOfElementLocated(By.id("current-user")),
				ExpectedConditions.urlContains("error")), "the login of " + user);
		if (driver.getCurrentUrl().contains("error")) {
			throw new AssertionError("The login of " + user + " failed");
		}
		return this;
	}

	/** Opens {@code path} of the app (for example {@code /admin/jobs}) and waits for the page to load. */
	public Browser open(String path) {
		driver.get(baseUrl + path);
		return this;
	}

	/** Waits until an element matching {@code css} is visible. */
	public WebElement waitFor(String css) {
		return until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)), "a visible " + css);
	}

	/** Waits until the element matching {@code css} contains {@code text}. */
	public WebElement waitForText(String css, String text) {
		until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(css), text),
				"'" + text + "' in " + css);
		return driver.findElement(By.cssSelector(css));
	}

	/** Waits until the page body contains {@code text}. */
	public Browser waitForText(String text) {
		waitForText("body", text);
		return this;
	}

	/** Waits for any condition, failing with {@code what} in the message. */
	public <T> T until(ExpectedCondition<T> condition, String what) {
		// polling swaps elements at any moment; a condition that met a swapped-out element is retried
		return new WebDriverWait(driver, WAIT, Duration.ofMillis(50)).withMessage("waiting for " + what)
			.ignoring(StaleElementReferenceException.class)
			.until(condition);
	}

	/**
	 * A real click on {@code element} after scrolling it into the middle of the window at once:
	 * Bootstrap scrolls smoothly, so WebDriver's own scrolling can aim at a point the element has
	 * not reached yet (and the click lands on whatever is there).
	 */
	public void click(WebElement element) {
		script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});", element);
		element.click();
	}

	/** Runs JavaScript in the page; {@code return ...} gives a value back. */
	public Object script(String javascript, Object... arguments) {
		return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
	}

	/** The visible text of the first element matching {@code css}, read in one step like {@link #attribute}. */
	public String text(String css) {
		return (String) script("const el = document.querySelector(arguments[0]); return el ? el.innerText : null;", css);
	}

	/**
	 * An attribute of the first element matching {@code css}, read in one step in the page so a
	 * swap between finding and reading cannot make the element stale; null when nothing matches.
	 */
	public String attribute(String css, String name) {
		return (String) script("const el = document.querySelector(arguments[0]); return el ? el.getAttribute(arguments[1]) : null;",
				css, name);
	}

	/** The computed value of a CSS {@code property} of the first element matching {@code css}. */
	public String cssValue(String css, String property) {
		return waitFor(css).getCssValue(property);
	}

	/**
	 * Saves the visible page as {@code target/screenshots/<name>.png} and returns the file; a
	 * screenshot the docs already show is refreshed there too when {@value #UPDATE_DOCS} is set.
	 */
	public Path screenshot(String name) {
		Path taken = take(name);
		if (Files.exists(docsFile(taken))) {
			updateDocs(taken);
		}
		return taken;
	}

	/**
	 * A screenshot for the docs: like {@link #screenshot}, and with {@code -D}{@value #UPDATE_DOCS}{@code =true}
	 * written to {@code docs/screenshots/<name>.png} (new or not).
	 */
	public Path screenshotForDocs(String name) {
		Path taken = take(name);
		updateDocs(taken);
		return taken;
	}

	/** Resizes the browser window so the page's viewport is {@code width} x {@code height} CSS pixels. */
	public Browser viewport(int width, int height) {
		driver.manage().window().setSize(new Dimension(width, height));
		// the window's own frame (none in headless mode, but not guaranteed) is added on top
		long frameWidth = width - ((Number) script("return window.innerWidth")).longValue();
		long frameHeight = height - ((Number) script("return window.innerHeight")).longValue();
		if (frameWidth != 0 || frameHeight != 0) {
			driver.manage().window().setSize(new Dimension((int) (width + frameWidth), (int) (height + frameHeight)));
		}
		return this;
	}

	private Path take(String name) {
		try {
			Files.createDirectories(SCREENSHOTS);
			Path target = SCREENSHOTS.resolve(name.replaceAll("[^A-Za-z0-9._-]", "_") + ".png");
			Path taken = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
			Files.copy(taken, target, StandardCopyOption.REPLACE_EXISTING);
			Files.deleteIfExists(taken);
			return target;
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static Path docsFile(Path taken) {
		return DOCS_SCREENSHOTS.resolve(taken.getFileName().toString());
	}

	private static void updateDocs(Path taken) {
		if (!Boolean.getBoolean(UPDATE_DOCS)) {
			return;
		}
		try {
			Files.createDirectories(DOCS_SCREENSHOTS);
			Files.copy(taken, docsFile(taken), StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
