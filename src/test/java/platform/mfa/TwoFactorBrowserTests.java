package platform.mfa;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.browser.Axe;
import platform.browser.Browser;
import platform.browser.BrowserTest;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;

/**
 * TOTP in Chromium: a tenant ADMIN requires a second factor of ADMINs; the admin's next sign-in
 * lands on the enrolment page, which shows a QR code and the secret; a code computed here from
 * that secret turns the factor on and shows the recovery codes once. The following sign-in asks
 * for a code after the password (a wrong one is refused inline), a recovery code works once, and
 * the API no longer takes the password.
 */
@JmlHubIntegrationTest
@BrowserTest
class TwoFactorBrowserTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void anAdminRequiredToUseASecondFactorEnrolsAndSignsInWithACode(Browser browser) {
		String tenant = TestTenants.create(transactions, jdbc, "totp", "boss");
		String boss = "boss@" + tenant;
		ApiClient api = new ApiClient(port);
		HttpResponse<String> policy = api.send(boss, "PUT", "/v1/admin/two-factor-policy", "{\"requiredFor\":\"admins\"}");
		assertThat(policy.statusCode()).as(policy.body()).isEqualTo(200);
		HttpResponse<String> basic = api.get(boss, "/v1/me");
		assertThat(basic.statusCode()).as("required, not enrolled: no password on the API").isEqualTo(401);
		assertThat(basic.body()).contains("problems/second-factor-required");

		List<String> violations = new ArrayList<>();
		browser.login(boss);
		browser.waitFor("#two-factor-required");
		assertThat(browser.driver().getCurrentUrl()).endsWith("/account/two-factor");
		browser.open("/hr/employees");
		browser.waitFor("#two-factor-qr");
		assertThat(browser.driver().getCurrentUrl()).as("held at the enrolment").endsWith("/account/two-factor");
		assertThat(browser.attribute("#two-factor-qr", "src")).startsWith("data:image/svg+xml;base64,");
		violations.addAll(Axe.seriousViolations(browser, "enrolment"));
		byte[] secret = Base32.decode(browser.text("#two-factor-secret"));

		type(browser, "#code", "000000".equals(code(secret, 0)) ? "111111" : "000000");
		browser.click(browser.waitFor("#enrol-form button[type=submit]"));
		browser.waitFor("#code-error");
		violations.addAll(Axe.seriousViolations(browser, "enrolment with a wrong code"));
		type(browser, "#code", code(secret, 0));
		browser.click(browser.waitFor("#enrol-form button[type=submit]"));
		browser.waitFor("#recovery-codes li");
		List<String> recoveryCodes = browser.driver().findElements(By.cssSelector("#recovery-codes li")).stream()
			.map(WebElement::getText).toList();
		assertThat(recoveryCodes).hasSize(10).allMatch(code -> code.matches("[a-z0-9]{4}(-[a-z0-9]{4}){3}"));
		violations.addAll(Axe.seriousViolations(browser, "recovery codes"));
		browser.click(browser.waitFor("#continue"));
		browser.open("/hr/employees").waitForText("h1", "Employees");

		// the next sign-in asks for the code after the password, then goes where the user was headed
		browser.login(boss);
		browser.waitFor("#second-factor-form");
		browser.open("/hr/employees");
		assertThat(browser.driver().getCurrentUrl()).endsWith("/login/second-factor");
		type(browser, "#code", "12345");
		browser.click(browser.waitFor("#second-factor-form button[type=submit]"));
		browser.waitForText("#code-error", "not right");
		violations.addAll(Axe.seriousViolations(browser, "code page with an error"));
		// the enrolment's code was for this step: the next one is still in the window and not used yet
		type(browser, "#code", code(secret, 1));
		browser.click(browser.waitFor("#second-factor-form button[type=submit]"));
		browser.waitForText("h1", "Employees");
		assertThat(browser.driver().getCurrentUrl()).endsWith("/hr/employees");

		// a recovery code signs in once
		browser.login(boss);
		type(browser, "#code", recoveryCodes.get(3));
		browser.click(browser.waitFor("#second-factor-form button[type=submit]"));
		browser.waitFor("#current-user");
		assertThat(browser.driver().getCurrentUrl()).doesNotContain("second-factor");
		browser.login(boss);
		type(browser, "#code", recoveryCodes.get(3));
		browser.click(browser.waitFor("#second-factor-form button[type=submit]"));
		browser.waitForText("#code-error", "not right");

		assertThat(api.get(boss, "/v1/me").body()).contains("HTTP Basic cannot carry");
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT secret_encrypted FROM app_user_totp").query(String.class)
			.single())).startsWith("enc:").doesNotContain(Base32.encode(secret)).doesNotContainIgnoringCase(
					java.util.HexFormat.of().formatHex(secret));
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT action FROM platform_audit WHERE action LIKE '%second_factor%' ORDER BY id""").query(String.class).list()))
			.containsExactly("tenant.second_factor_policy_changed", "user.second_factor_enrolled",
					"user.second_factor_recovery_code_used");
		assertThat(violations).as("serious or critical accessibility violations").isEmpty();
	}

	private static String code(byte[] secret, int stepsAhead) {
		return Totp.code(secret, Totp.step(Instant.now()) + stepsAhead);
	}

	private static void type(Browser browser, String css, String text) {
		WebElement field = browser.waitFor(css);
		field.clear();
		field.sendKeys(text);
	}
}
