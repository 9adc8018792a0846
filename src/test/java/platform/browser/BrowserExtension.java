package platform.browser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestWatcher;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * Starts one headless Chromium for the whole test run (quit when the run ends) and hands each test
 * class a clean one: no cookies of any earlier class, the laptop window size, a blank page.
 * Resolves {@link Browser} parameters against the application of the test's Spring context (its
 * {@code local.server.port}); saves a screenshot of every failed test. When the browser binaries
 * are missing the class is skipped, with a banner on stderr so it is never silently green.
 * (Starting Chromium per class cost 2-3 s each on the build machine.)
 */
final class BrowserExtension implements BeforeAllCallback, AfterEachCallback, ParameterResolver, TestWatcher {

	private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace
		.create(BrowserExtension.class);

	private static final String SESSION = "session";

	private final Path chromium;
	private final Path chromedriver;

	BrowserExtension() {
		this(ChromeSession.CHROMIUM, ChromeSession.CHROMEDRIVER);
	}

	BrowserExtension(Path chromium, Path chromedriver) {
		this.chromium = chromium;
		this.chromedriver = chromedriver;
	}

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		List<Path> missing = ChromeSession.missing(List.of(chromium, chromedriver));
		if (!missing.isEmpty()) {
			String reason = "Browser tests of " + context.getDisplayName() + " SKIPPED: missing " + missing
					+ ". Install them with: apt-get install -y chromium chromium-driver (.ci/run does).";
			System.err.println(banner(reason));
			Assumptions.abort(reason);
		}
		// the root store closes the session (an AutoCloseable) when the whole run ends
		context.getRoot().getStore(NAMESPACE).computeIfAbsent(SESSION, key -> start(), ChromeSession.class).reset();
	}

	@Override
	public void afterEach(ExtensionContext context) {
		ChromeSession session = context.getRoot().getStore(NAMESPACE).get(SESSION, ChromeSession.class);
		if (session != null) {
			session.unload();
		}
	}

	@Override
	public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
		return parameter.getParameter().getType() == Browser.class;
	}

	@Override
	public Browser resolveParameter(ParameterContext parameter, ExtensionContext context) {
		return browser(context);
	}

	@Override
	public void testFailed(ExtensionContext context, Throwable cause) {
		if (context.getRoot().getStore(NAMESPACE).get(SESSION, ChromeSession.class) != null) {
			Path shot = browser(context).screenshot(
					"FAILED-" + context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName());
			System.err.println("Browser test failed; screenshot: " + shot.toAbsolutePath());
		}
	}

	private ChromeSession start() {
		try {
			return ChromeSession.start(chromium, chromedriver);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static Browser browser(ExtensionContext context) {
		ChromeSession session = context.getRoot().getStore(NAMESPACE).get(SESSION, ChromeSession.class);
		String port = SpringExtension.getApplicationContext(context).getEnvironment().getProperty("local.server.port");
		if (port == null) {
			throw new IllegalStateException("@BrowserTest needs the app on a port: use @JmlHubIntegrationTest");
		}
		return new Browser(session.driver(), "http://localhost:" + port, session::preload);
	}

	private static String banner(String reason) {
		String line = "*".repeat(100);
		return "\n" + line + "\n*** " + reason + "\n" + line + "\n";
	}
}
