package platform.mfa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.Job;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;

/**
 * The second factor over plain HTTP: wrong codes are throttled like passwords (the right code is
 * refused too while the account is blocked), the factor can be turned off with a code (and then
 * HTTP Basic works again) but not when the tenant requires it, and the policy API validates.
 */
@JmlHubIntegrationTest
class TwoFactorHttpTests {

	private static final Pattern SECRET = Pattern.compile("id=\"two-factor-secret\">([A-Z2-7]+)<");

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	@Qualifier("secretResealJob")
	Job resealJob;

	@Test
	void wrongCodesAreThrottledAndTheFactorCanBeTurnedOffUnlessRequired() {
		String tenant = TestTenants.create(transactions, jdbc, "totph", "boss");
		String boss = "boss@" + tenant;
		ApiClient api = new ApiClient(port);
		assertThat(api.get(boss, "/v1/me").statusCode()).isEqualTo(200);

		ConsoleSession enrolling = ConsoleSession.login(port, boss);
		Matcher secretText = SECRET.matcher(enrolling.get("/account/two-factor").body());
		assertThat(secretText.find()).isTrue();
		byte[] secret = Base32.decode(secretText.group(1));
		HttpResponse<String> enrolled = enrolling.post("/account/two-factor", Map.of("code", code(secret, 0)));
		assertThat(enrolled.body()).contains("id=\"recovery-codes\"");
		assertThat(api.get(boss, "/v1/me").statusCode()).as("Basic refused once enrolled").isEqualTo(401);

		ConsoleSession next = ConsoleSession.login(port, boss);
		HttpResponse<String> held = next.get("/runs");
		assertThat(held.statusCode()).isEqualTo(302);
		assertThat(held.headers().firstValue("Location").orElse("")).endsWith("/login/second-factor");
		next.get("/login/second-factor");
		for (int i = 0; i < SecondFactors.THROTTLE.freeFailures() + 1; i++) {
			assertThat(next.post("/login/second-factor", Map.of("code", "99999" + i)).body()).contains("id=\"code-error\"");
		}
		HttpResponse<String> blocked = next.post("/login/second-factor", Map.of("code", code(secret, 1)));
		assertThat(blocked.statusCode()).isEqualTo(200);
		assertThat(blocked.body()).contains("Too many wrong codes");
		assertThat(next.get("/runs").statusCode()).as("still held").isEqualTo(302);

		// the policy: only valid values, and a required factor cannot be turned off
		ConsoleSession verified = ConsoleSession.login(port, boss);
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM app_user_totp WHERE confirmed_at IS NOT NULL")
			.query(Long.class).single())).isEqualTo(1);
		HttpResponse<String> invalid = new ApiClient(port).send("gus", "PUT", "/v1/admin/two-factor-policy", "{\"requiredFor\":\"some\"}");
		assertThat(invalid.statusCode()).isEqualTo(400);
		transactions.runInTenant(tenant, () -> jdbc.sql("""
				INSERT INTO tenant_second_factor_policy (tenant_id, required_for, changed_by, changed_at)
				VALUES (:t, 'everyone', 'test', now())""").param("t", tenant).update());
		verified.get("/login/second-factor");
		String recovery = recoveryCode(enrolled.body());
		// the block of the wrong codes above lasts a second or two; a blocked try does not use the code
		await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(500))
			.until(() -> verified.post("/login/second-factor", Map.of("code", recovery)).statusCode() == 302);
		verified.get("/account/two-factor");
		verified.post("/account/two-factor/disable", Map.of("code", code(secret, 1)));
		assertThat(verified.get("/account/two-factor").body()).contains("cannot be turned off", "id=\"two-factor-on\"");

		transactions.runInTenant(tenant, () -> jdbc.sql("DELETE FROM tenant_second_factor_policy").update());
		verified.post("/account/two-factor/disable", Map.of("code", code(secret, 1)));
		assertThat(verified.get("/account/two-factor").body()).contains("Two-factor sign-in is off", "id=\"enrol-form\"");
		assertThat(api.get(boss, "/v1/me").statusCode()).as("Basic again").isEqualTo(200);
	}

	@Test
	void theRotationJobSealsSecondFactorSecretsStoredBeforeEncryption() throws Exception {
		String tenant = TestTenants.create(transactions, jdbc, "totpr", "rita");
		ConsoleSession enrolling = ConsoleSession.login(port, "rita@" + tenant);
		Matcher secretText = SECRET.matcher(enrolling.get("/account/two-factor").body());
		assertThat(secretText.find()).isTrue();
		byte[] secret = Base32.decode(secretText.group(1));
		enrolling.post("/account/two-factor", Map.of("code", code(secret, 0)));
		String plain = HexFormat.of().formatHex(secret);
		transactions.runInTenant(tenant, () -> jdbc.sql("UPDATE app_user_totp SET secret_encrypted = :p").param("p", plain).update());

		resealJob.run();

		String stored = transactions.readInTenant(tenant,
				() -> jdbc.sql("SELECT secret_encrypted FROM app_user_totp").query(String.class).single());
		assertThat(stored).startsWith("enc:").doesNotContain(plain);
		ConsoleSession next = ConsoleSession.login(port, "rita@" + tenant);
		next.get("/login/second-factor");
		assertThat(next.post("/login/second-factor", Map.of("code", code(secret, 1))).statusCode())
			.as("the re-sealed secret still checks codes").isEqualTo(302);
	}

	private static String recoveryCode(String page) {
		Matcher code = Pattern.compile("<li>([a-z0-9]{4}(-[a-z0-9]{4}){3})</li>").matcher(page);
		assertThat(code.find()).as(page).isTrue();
		return code.group(1);
	}

	private static String code(byte[] secret, int stepsAhead) {
		return Totp.code(secret, Totp.step(Instant.now()) + stepsAhead);
	}
}
