package access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import access.testing.AccessTenant;
import platform.ConsoleTime;
import platform.ExpectedVersion;
import platform.Role;
import platform.TenantTransactions;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.json.JsonMapper;

/**
 * An access request in a real headless Chromium, in a tenant of its own: an employee asks for a
 * package on Request access (with the justification it requires and an end date) and cannot
 * approve it themselves; their manager (as HR records them) finds it in the same inbox as the
 * joiner stage waiting on them and approves it on its page; the requester's My access shows the
 * package until its end.
 */
@JmlHubIntegrationTest
@BrowserTest
class AccessBrowserTests {

	static final Duration TIMEOUT = Duration.ofSeconds(60);

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	AccessCatalog catalog;

	@Autowired
	AccessRequests requests;

	@Autowired
	ConsoleTime times;

	final JsonMapper json = JsonMapper.builder().build();

	@Test
	void anEmployeeRequestsAPackageTheirManagerApprovesItInTheOneInboxAndMyAccessShowsItUntilItsEnd(Browser browser) {
		// rita has no role: every employee may request access
		AccessTenant tenant = new AccessTenant(transactions, jdbc, "acb").add("rita", (Role) null)
			.add("milo", Role.APPROVER, "managers");
		ApiClient api = new ApiClient(port);
		// HR records rita with milo as her manager: her joiner run waits on him too
		HttpResponse<String> hired = api.post(tenant.login("boss"), "/v1/hr/employees", """
				{"displayName":"Rita Tester","email":"%s","department":"Engineering","manager":"milo","startDate":"%s"}"""
			.formatted(tenant.email("rita"), LocalDate.now(ZoneOffset.UTC)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		await().atMost(TIMEOUT).until(() -> json.readTree(api.get(tenant.login("milo"),
				"/v1/workflow-runs?assignedToMe=true").body()).path("items").size() == 1);
		catalog.save(tenant.user("boss"), ExpectedVersion.of(null, 0), List.of(new AccessPackage("wiki-admin", "Wiki admin",
				"Administer the team wiki", List.of("wiki-admin"), List.of(), ApprovalPolicy.MANAGER, null, null, 30, true, false,
				List.of())));
		LocalDate until = LocalDate.now(ZoneOffset.UTC).plusDays(10);

		// her home page says what she can do; Request access opens the catalog
		browser.login(tenant.login("rita")).open("/");
		assertThat(browser.waitFor("#home-intro").getText()).contains("may ask for access");
		assertThat(browser.driver().findElements(By.id("nav-inbox"))).isEmpty();
		assertThat(browser.driver().findElements(By.id("nav-runs"))).isEmpty();
		browser.waitFor("#home-my-access");
		browser.screenshot("access-home-without-role");
		browser.click(browser.waitFor("#home-nav-request-access"));
		browser.waitFor("#package-wiki-admin");
		browser.waitFor("#why-wiki-admin").sendKeys("Moving the team's pages to the new space");
		// a date input takes its value through the DOM (typing depends on the locale's format)
		browser.script("arguments[0].value = arguments[1];", browser.waitFor("#until-wiki-admin"), until.toString());
		browser.click(browser.waitFor("#submit-wiki-admin"));
		assertThat(browser.waitForText("#request-status", "submitted").getText()).isEqualTo("submitted");
		String url = browser.driver().getCurrentUrl();
		UUID id = UUID.fromString(url.substring(url.lastIndexOf('/') + 1));
		assertThat(browser.text("#flash-success")).contains("waits for approval");
		// the requester has no approve button, and a crafted approval is refused on the page
		assertThat(browser.driver().findElements(By.id("approve"))).isEmpty();
		WebElement status = browser.waitFor("#request-status");
		browser.script("const form = document.getElementById('decide-form'); form.action = arguments[0]; form.requestSubmit();",
				"/access/requests/" + id + "/approve");
		browser.until(ExpectedConditions.stalenessOf(status), "the page after the refused approval");
		assertThat(browser.waitFor("#flash-error").getText()).contains("someone else decides it");
		assertThat(browser.text("#request-status")).isEqualTo("submitted");
		browser.screenshot("access-request-submitted");

		browser.login(tenant.login("milo")).open("/inbox");
		WebElement request = browser.waitFor("#inbox-requests a[href='/access/requests/" + id + "']");
		assertThat(browser.text("#inbox-requests")).contains("Wiki admin", "Rita Tester");
		// one inbox: the joiner stage waiting on milo is beside it
		assertThat(browser.text("#inbox-table")).contains("Rita Tester", "Joiner");
		browser.screenshot("access-inbox");
		browser.click(request);
		browser.waitForText("#request-beneficiary", "rita");
		browser.waitFor("#reason").sendKeys("Fine for the migration");
		status = browser.waitFor("#request-status");
		browser.click(browser.until(ExpectedConditions.elementToBeClickable(By.id("approve")), "the approve button"));
		browser.until(ExpectedConditions.stalenessOf(status), "the page after the approval");
		assertThat(browser.waitForText("#request-status", "approved").getText()).isEqualTo("approved");
		assertThat(browser.text("#history-table")).contains("milo", "Fine for the migration");

		AccessRequest approved = requests.get(tenant.user("rita"), id).request();
		assertThat(approved.expiresAt()).isEqualTo(until.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
		browser.login(tenant.login("rita")).open("/access/mine");
		String held = browser.waitFor("#held-table").getText();
		assertThat(held).contains("Wiki admin", times.at(approved.expiresAt()));
		browser.screenshot("access-mine");
	}
}
