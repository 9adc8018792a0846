package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.browser.Axe;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The layout on a laptop (1366x900) and a phone (390x844) for each persona (an approver, HR, an
 * admin who is also the platform operator, a user with every role): no page scrolls sideways,
 * "Log out" is on screen (on a phone behind the one "Menu" button), the admin pages open from one
 * keyboard-operable menu, lists become cards on a phone, axe-core finds nothing serious at either
 * size, and each user lands on the page of their work. With {@code -Dscreenshots.update=true} the
 * screenshots of {@code docs/console.md} are refreshed.
 */
@JmlHubIntegrationTest
@BrowserTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResponsiveLayoutBrowserTests {

	static final int LAPTOP_WIDTH = 1366;
	static final int LAPTOP_HEIGHT = 900;
	static final int PHONE_WIDTH = 390;
	static final int PHONE_HEIGHT = 844;

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	String employeeId;
	String runId;
	String stageId;
	String eventId;
	String returnedRunId;
	String globexRunId;

	@BeforeAll
	void runsInEveryList() {
		ApiClient api = new ApiClient(port);
		employeeId = hire(api, "hana", "Layout Waiting With A Rather Long Name", "manny");
		JsonNode run = awaitRun(api, "hana", employeeId);
		runId = run.get("id").asString();
		stageId = run.get("currentStage").get("id").asString();
		eventId = json.readTree(api.get("ada", "/v1/admin/outbox/events?aggregateId=" + employeeId).body())
			.get("items").get(0).get("id").asString();
		String returnedEmployee = hire(api, "hana", "Layout Returned", "manny");
		JsonNode returned = awaitRun(api, "hana", returnedEmployee);
		returnedRunId = returned.get("id").asString();
		HttpResponse<String> back = api.post("manny", "/v1/workflow-runs/" + returnedRunId + "/return",
				"{\"stageId\":\"%s\",\"comment\":\"Wrong department for this role\"}"
					.formatted(returned.get("currentStage").get("id").asString()),
				UUID.randomUUID().toString());
		assertThat(back.statusCode()).as(back.body()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> "returned"
			.equals(json.readTree(api.get("hana", "/v1/workflow-runs/" + returnedRunId).body()).get("status").asString()));
		String globexEmployee = hire(api, "gina", "Layout Globex", "gus");
		globexRunId = awaitRun(api, "gina", globexEmployee).get("id").asString();
	}

	@AfterEach
	void laptopAgain(Browser browser) {
		browser.viewport(LAPTOP_WIDTH, LAPTOP_HEIGHT);
	}

	/** Each persona's main pages: the first is where they land. */
	Map<String, List<String>> mainPages() {
		Map<String, List<String>> pages = new LinkedHashMap<>();
		pages.put("manny", List.of("/inbox", "/runs", "/runs/" + runId, "/me/delegation"));
		pages.put("hana", List.of("/work", "/runs", "/hr/employees", "/hr/employees/" + employeeId, "/hr/employees/new",
				"/runs/" + returnedRunId));
		pages.put("ada", List.of("/admin/attention", "/admin/outbox", "/admin/outbox/dead-letters", "/admin/outbox/events",
				"/admin/users", "/admin/definitions", "/admin/jobs", "/admin/provisioning", "/admin/directory"));
		pages.put("gus", List.of("/inbox", "/work", "/runs", "/runs/" + globexRunId, "/hr/employees", "/admin/attention"));
		return pages;
	}

	/** Every other console page, checked for sideways scrolling on a phone only (null: signed out). */
	Map<String, List<String>> otherPages() {
		Map<String, List<String>> pages = new LinkedHashMap<>();
		pages.put(null, List.of("/login", "/login?error", "/login?logout"));
		pages.put("hana", List.of("/runs?blocked=true&overdue=true", "/hr/employees?q=Layout",
				"/hr/employees/" + employeeId + "/edit", "/account/two-factor", "/no-such-page", "/runs/not-a-uuid"));
		pages.put("manny", List.of("/runs?mine=true", "/inbox/approve?stage=" + stageId, "/admin/users"));
		pages.put("ada", List.of("/runs", "/runs/" + runId, "/admin/insights", "/admin/api-tokens", "/admin/users/manny",
				"/admin/groups", "/admin/groups/managers", "/admin/definitions/joiner", "/admin/outbox/events/" + eventId, "/admin/sso", "/admin/audit",
				"/admin/two-factor", "/platform/tenants", "/admin/provisioning/targets/new", "/admin/provisioning/entitlements/new"));
		return pages;
	}

	@Test
	void noPageScrollsSidewaysAndLogOutIsOnScreenAtEitherSize(Browser browser) {
		List<String> problems = new ArrayList<>();
		int checked = 0;
		for (Map.Entry<String, List<String>> persona : mainPages().entrySet()) {
			browser.login(persona.getKey());
			for (String path : persona.getValue()) {
				for (boolean phone : new boolean[] { false, true }) {
					size(browser, phone);
					browser.open(path);
					settle(browser, path);
					String page = persona.getKey() + " " + path + (phone ? " (phone)" : " (laptop)");
					sidewaysScroll(browser, page, problems);
					logOutReachable(browser, phone, page, problems);
					checked++;
				}
			}
		}
		for (Map.Entry<String, List<String>> persona : otherPages().entrySet()) {
			browser.viewport(LAPTOP_WIDTH, LAPTOP_HEIGHT);
			if (persona.getKey() == null) {
				browser.open("/favicon.ico");
				browser.driver().manage().deleteAllCookies();
			}
			else {
				browser.login(persona.getKey());
			}
			browser.viewport(PHONE_WIDTH, PHONE_HEIGHT);
			for (String path : persona.getValue()) {
				browser.open(path);
				settle(browser, path);
				sidewaysScroll(browser, persona.getKey() + " " + path + " (phone)", problems);
				checked++;
			}
		}
		assertThat(checked).isGreaterThan(60);
		assertThat(problems).as("pages that scroll sideways or hide Log out").isEmpty();
	}

	@Test
	void axeFindsNothingSeriousAtEitherSizeWithTheMenusOpen(Browser browser) {
		List<String> violations = new ArrayList<>();
		for (Map.Entry<String, List<String>> persona : mainPages().entrySet()) {
			browser.login(persona.getKey());
			for (String path : persona.getValue().subList(0, 3)) {
				size(browser, false);
				browser.open(path);
				violations.addAll(Axe.seriousViolations(browser, persona.getKey() + " " + path + " (laptop)"));
				size(browser, true);
				browser.open(path);
				violations.addAll(Axe.seriousViolations(browser, persona.getKey() + " " + path + " (phone)"));
			}
			// the folded parts: the phone's menu open, and in it the Admin menu
			browser.click(browser.waitFor("#nav-toggle"));
			browser.waitFor("#log-out");
			if (!browser.driver().findElements(By.cssSelector("#nav-admin > summary")).isEmpty()) {
				browser.click(browser.waitFor("#nav-admin > summary"));
				browser.waitFor(".app-nav-admin-panel a");
			}
			violations.addAll(Axe.seriousViolations(browser, persona.getKey() + " menu open (phone)"));
			size(browser, false);
			if (!browser.driver().findElements(By.cssSelector("#nav-admin > summary")).isEmpty()) {
				browser.open(persona.getValue().get(0));
				browser.click(browser.waitFor("#nav-admin > summary"));
				browser.waitFor(".app-nav-admin-panel a");
				violations.addAll(Axe.seriousViolations(browser, persona.getKey() + " Admin menu open (laptop)"));
			}
		}
		assertThat(violations).as("serious or critical accessibility violations").isEmpty();
	}

	@Test
	void theAdminPagesOpenFromOneMenuByKeyboard(Browser browser) {
		browser.login("ada");
		assertThat(browser.driver().getCurrentUrl()).endsWith("/admin/attention");
		WebElement summary = browser.waitFor("#nav-admin > summary");
		assertThat(summary.getText()).isEqualTo("Admin");
		assertThat(browser.driver().findElement(By.id("nav-users")).isDisplayed())
			.as("the Admin menu starts closed").isFalse();
		// one bar line at 1366 px even with every admin page: the menu holds them
		assertThat(((Number) browser.script("return document.querySelector('nav.app-nav').getBoundingClientRect().height"))
			.doubleValue()).isLessThan(80);

		browser.script("arguments[0].focus();", summary);
		summary.sendKeys(Keys.ENTER);
		WebElement users = browser.waitFor("#nav-users");
		assertThat(browser.attribute("#nav-admin", "open")).isNotNull();
		assertThat(browser.text(".app-nav-admin-panel")).contains("Workflow", "Delivery", "People and access", "Platform",
				"Needs attention", "Dead letters", "Users", "Jobs", "Tenants");
		assertThat(inViewport(browser, "#nav-tenants")).as("the menu's last entry is on screen").isTrue();
		browser.screenshotForDocs("layout-admin-menu");
		// Escape closes it and leaves the focus on its button
		users.sendKeys(Keys.ESCAPE);
		browser.until(driver -> browser.attribute("#nav-admin", "open") == null, "the Admin menu to close");
		assertThat(browser.script("return document.activeElement === document.querySelector('#nav-admin > summary')"))
			.isEqualTo(true);
		// and it opens again by keyboard and leads to the page
		summary.sendKeys(Keys.SPACE);
		browser.click(browser.waitFor("#nav-users"));
		browser.until(driver -> driver.getCurrentUrl().endsWith("/admin/users"), "the users page");
		assertThat(browser.attribute("#nav-users", "aria-current")).isEqualTo("page");
		assertThat(browser.attribute("#nav-admin > summary", "class")).contains("active");
	}

	@Test
	void onAPhoneTheNavFoldsBehindOneButtonAndListsBecomeCards(Browser browser) {
		browser.login("hana");
		size(browser, true);
		browser.open("/work");
		WebElement toggle = browser.waitFor("#nav-toggle");
		assertThat(toggle.getText()).isEqualTo("Menu");
		assertThat(toggle.getAttribute("aria-expanded")).isEqualTo("false");
		assertThat(navHeight(browser)).as("the folded nav").isLessThan(80);

		// the queue's row is a card: each value under its column's name, the Open button on screen
		WebElement row = browser.waitFor("#hr-work-table tr[data-run-id='" + returnedRunId + "']");
		assertThat(row.getCssValue("display")).isEqualTo("block");
		assertThat(browser.script("""
				return getComputedStyle(document.querySelector('#hr-work-table tbody td[data-label="Employee"]'), '::before').content"""))
			.isEqualTo("\"Employee\"");
		assertThat(inViewportAfterScroll(browser, "#hr-work-table tr[data-run-id='" + returnedRunId + "'] a.btn")).isTrue();
		assertThat(row.getText()).contains("Layout Returned", "Wrong department for this role");
		browser.script("window.scrollTo({top: 0, behavior: 'instant'})");
		browser.screenshotForDocs("layout-hr-queue-phone");

		browser.click(toggle);
		assertThat(toggle.getAttribute("aria-expanded")).isEqualTo("true");
		assertThat(browser.waitFor("#nav-hr-work").getText()).startsWith("My work");
		assertThat(inViewport(browser, "#log-out")).isTrue();
		browser.screenshotForDocs("layout-menu-phone");
		browser.click(toggle);
		browser.until(driver -> !driver.findElement(By.id("log-out")).isDisplayed(), "the menu to fold");

		// the same page on a laptop: a table, and the nav on one line
		size(browser, false);
		browser.open("/work");
		assertThat(browser.waitFor("#hr-work-table tr[data-run-id='" + returnedRunId + "']").getCssValue("display"))
			.isEqualTo("table-row");
		assertThat(browser.driver().findElement(By.id("nav-toggle")).isDisplayed()).isFalse();
		browser.screenshotForDocs("layout-hr-queue");

		browser.login("manny");
		size(browser, true);
		browser.open("/inbox");
		browser.waitFor("#inbox-table tr[data-run-id='" + runId + "']");
		browser.screenshotForDocs("layout-inbox-phone");
	}

	@Test
	void eachUserLandsOnTheirWorkAfterSigningIn(Browser browser) {
		assertThat(landing(browser, "manny")).isEqualTo("/inbox");
		assertThat(landing(browser, "hana")).isEqualTo("/work");
		assertThat(landing(browser, "ada")).isEqualTo("/admin/attention");
		assertThat(landing(browser, "gus")).as("every role: approver first").isEqualTo("/inbox");
		// and "/" leads there again
		browser.open("/");
		browser.until(driver -> driver.getCurrentUrl().endsWith("/inbox"), "gus back on the inbox");
		assertThat(browser.attribute("#nav-inbox", "aria-current")).isEqualTo("page");
	}

	private static String landing(Browser browser, String user) {
		browser.login(user);
		return browser.driver().getCurrentUrl().replaceFirst("^https?://[^/]+", "");
	}

	private static void size(Browser browser, boolean phone) {
		if (phone) {
			browser.viewport(PHONE_WIDTH, PHONE_HEIGHT);
		}
		else {
			browser.viewport(LAPTOP_WIDTH, LAPTOP_HEIGHT);
		}
	}

	private static void settle(Browser browser, String page) {
		browser.until(driver -> Boolean.TRUE.equals(browser.script("""
				return document.readyState === 'complete' && document.querySelector('.htmx-request') === null
				  && document.querySelector('[hx-trigger="load"]') === null""")), "the page " + page + " to settle");
	}

	private static void sidewaysScroll(Browser browser, String page, List<String> problems) {
		long innerWidth = ((Number) browser.script("return window.innerWidth")).longValue();
		long scrollWidth = ((Number) browser.script("return document.documentElement.scrollWidth")).longValue();
		if (scrollWidth > innerWidth) {
			Object widest = browser.script("""
					const w = window.innerWidth; let found = null;
					for (const el of document.querySelectorAll('body *')) {
					  const r = el.getBoundingClientRect();
					  if (r.right > w + 0.5 && (found === null || r.right > found.right)) {
					    found = {right: r.right, what: el.tagName + (el.id ? '#' + el.id : '') + '.' + el.className};
					  }
					}
					return found ? found.what + ' ends at ' + Math.round(found.right) : 'nothing';""");
			problems.add(page + ": " + scrollWidth + " px wide in " + innerWidth + " (" + widest + ")");
		}
	}

	private static void logOutReachable(Browser browser, boolean phone, String page, List<String> problems) {
		browser.script("window.scrollTo({top: 0, behavior: 'instant'})");
		if (phone) {
			if (browser.driver().findElement(By.id("log-out")).isDisplayed()) {
				problems.add(page + ": the menu is not folded");
			}
			WebElement toggle = browser.waitFor("#nav-toggle");
			browser.click(toggle);
			browser.waitFor("#log-out");
			if (navHeight(browser) < 100) {
				problems.add(page + ": the menu did not open");
			}
		}
		if (!inViewport(browser, "#log-out")) {
			problems.add(page + ": Log out is off screen");
		}
	}

	private static double navHeight(Browser browser) {
		return ((Number) browser.script("return document.querySelector('nav.app-nav').getBoundingClientRect().height"))
			.doubleValue();
	}

	/** Whether the element is visible and wholly inside the viewport as the page stands. */
	private static boolean inViewport(Browser browser, String css) {
		return Boolean.TRUE.equals(browser.script("""
				const el = document.querySelector(arguments[0]);
				if (!el || el.offsetParent === null) return false;
				const r = el.getBoundingClientRect();
				return r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;""", css));
	}

	/** Whether the element is inside the viewport once scrolled to vertically (never sideways). */
	private static boolean inViewportAfterScroll(Browser browser, String css) {
		browser.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center', behavior: 'instant'})", css);
		return inViewport(browser, css) && ((Number) browser.script("return window.scrollX")).longValue() == 0;
	}

	private String hire(ApiClient api, String hr, String name, String manager) {
		String email = "layout-" + UUID.randomUUID() + "@example.com";
		HttpResponse<String> hired = api.post(hr, "/v1/hr/employees", """
				{"displayName":"%s","email":"%s","department":"Engineering","manager":"%s","startDate":"%s"}"""
			.formatted(name, email, manager, LocalDate.now().plusDays(10)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		return json.readTree(hired.body()).get("id").asString();
	}

	private JsonNode awaitRun(ApiClient api, String hr, String employee) {
		AtomicReference<JsonNode> run = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			JsonNode items = json.readTree(api.get(hr, "/v1/workflow-runs?employeeId=" + employee).body()).get("items");
			assertThat(items.size()).isPositive();
			assertThat(items.get(0).has("currentStage")).as("%s", items).isTrue();
			run.set(items.get(0));
		});
		return run.get();
	}
}
