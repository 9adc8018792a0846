package platform.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.openqa.selenium.Dimension;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium and ChromeDriver, started with explicit paths (Selenium Manager cannot
 * download anything here) and a fresh profile that is deleted again on {@link #close()}; one
 * session serves every browser test class of a run, {@link #reset()} between them.
 */
final class ChromeSession implements AutoCloseable {

	static final Path CHROMIUM = Path.of("/usr/bin/chromium");
	static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static final int WIDTH = 1366;
	private static final int HEIGHT = 900;

	private final ChromeDriverService service;
	private final ChromeDriver driver;
	private final Path profile;
	/** Scripts every new document of this session runs first, by name: their DevTools identifiers. */
	private final Map<String, String> preloads = new HashMap<>();

	private ChromeSession(ChromeDriverService service, ChromeDriver driver, Path profile) {
		this.service = service;
		this.driver = driver;
		this.profile = profile;
	}

	/** Those of {@code binaries} that are missing or not executable; empty when a browser can start. */
	static List<Path> missing(List<Path> binaries) {
		List<Path> missing = new ArrayList<>();
		for (Path binary : binaries) {
			if (!Files.isExecutable(binary)) {
				missing.add(binary);
			}
		}
		return missing;
	}

	static ChromeSession start(Path chromium, Path chromedriver) throws IOException {
		Path profile = Files.createTempDirectory("jmlhub-chromium-");
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(chromedriver.toFile())
			.usingAnyFreePort()
			.build();
		ChromeOptions options = new ChromeOptions();
		options.setBinary(chromium.toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-background-networking", "--disable-component-update", "--no-first-run",
				"--user-data-dir=" + profile, "--window-size=" + WIDTH + "," + HEIGHT);
		try {
			return new ChromeSession(service, new ChromeDriver(service, options), profile);
		}
		catch (RuntimeException e) {
			service.stop();
			deleteRecursively(profile);
			throw e;
		}
	}

	ChromeDriver driver() {
		return driver;
	}

	/**
	 * Back to the state of a fresh start for the next test class: no cookies of any site (a session
	 * cookie of an earlier class would sign the next one in), the starting window size, a blank page.
	 */
	void reset() {
		unload();
		driver.get("about:blank");
		driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
		driver.manage().window().setSize(new Dimension(WIDTH, HEIGHT));
	}

	/** Documents opened from now on run none of the {@link #preload preloaded} scripts (they cost every page their parse). */
	void unload() {
		preloads.values().forEach(identifier -> driver.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument",
				Map.of("identifier", identifier)));
		preloads.clear();
	}

	/**
	 * Has every document opened from now on (until {@link #unload()}, after each test) run
	 * {@code source} before its own scripts; once per {@code name}. False when it already was.
	 */
	boolean preload(String name, String source) {
		if (preloads.containsKey(name)) {
			return false;
		}
		Object identifier = driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", source))
			.get("identifier");
		preloads.put(name, String.valueOf(identifier));
		return true;
	}

	@Override
	public void close() throws IOException {
		try {
			driver.quit();
		}
		finally {
			service.stop();
			deleteRecursively(profile);
		}
	}

	private static void deleteRecursively(Path folder) throws IOException {
		if (!Files.exists(folder)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(folder)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
	}
}
