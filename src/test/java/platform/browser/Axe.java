package platform.browser;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.openqa.selenium.JavascriptExecutor;

/**
 * axe-core in the browser: the engine that the {@code com.deque.html.axe-core:selenium} jar bundles
 * ({@code axe.min.js} at its root), injected into the open page through WebDriver, which the pages'
 * Content-Security-Policy (no inline script) does not govern, and run with its default rules. The
 * first check of a test has every later page of the test load it before its own scripts.
 */
public final class Axe {

	/** The impacts that count as failures; axe's other two are "moderate" and "minor". */
	public static final Set<String> FAILING = Set.of("serious", "critical");

	private static final String SOURCE = load();

	private Axe() {
	}

	/**
	 * The serious and critical violations of the open page once it has settled (loaded, and what
	 * htmx loads on load swapped in), one line each: {@code page}, rule, impact, the rule's help
	 * page, then each element's selector with what to fix.
	 */
	@SuppressWarnings("unchecked")
	public static List<String> seriousViolations(Browser browser, String page) {
		browser.until(driver -> Boolean.TRUE.equals(browser.script("""
				return document.readyState === 'complete' && document.querySelector('.htmx-request') === null
				  && document.querySelector('[hx-trigger="load"]') === null""")), "the page " + page + " to settle");
		// sent to the browser once per test class, not with each page (the library is half a megabyte)
		browser.preloadOnEveryPage("axe", SOURCE);
		if (Boolean.TRUE.equals(browser.script("return typeof window.axe === 'undefined'"))) {
			browser.script(SOURCE);
		}
		browser.driver().manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
		Object result = ((JavascriptExecutor) browser.driver()).executeAsyncScript("""
				const done = arguments[arguments.length - 1];
				axe.run(document, {resultTypes: ['violations']})
				  .then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
				      targets: v.nodes.map(n => n.target.join(' ') + (n.failureSummary ? ' — ' + n.failureSummary.replace(/\\s+/g, ' ') : ''))}))))
				  .catch(e => done({error: String(e)}));
				""");
		if (result instanceof Map<?, ?> error) {
			throw new AssertionError("axe failed on " + page + ": " + error.get("error"));
		}
		List<String> found = new ArrayList<>();
		for (Map<String, Object> violation : (List<Map<String, Object>>) result) {
			if (FAILING.contains(violation.get("impact"))) {
				found.add(page + ": " + violation.get("id") + " (" + violation.get("impact") + ") " + violation.get("help")
						+ " " + violation.get("helpUrl") + "\n      " + String.join("\n      ", (List<String>) violation.get("targets")));
			}
		}
		return found;
	}

	private static String load() {
		try (InputStream in = Axe.class.getResourceAsStream("/axe.min.js")) {
			if (in == null) {
				throw new IllegalStateException("axe.min.js is not on the test classpath (com.deque.html.axe-core:selenium)");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
