package notifications.preferences;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import notifications.NotificationKind;
import platform.SecretStore;
import platform.testing.MutableClock;

/** Unsubscribe tokens: what they are about, refused when changed, and expired 90 days after the day they were issued. */
class UnsubscribeTokensTests {

	final SecretStore secrets = new SecretStore("k1=an-unsubscribe-test-key-of-some-length", "k1", false);
	final MutableClock clock = new MutableClock(Instant.parse("2031-03-10T15:00:00Z"));
	final UnsubscribeTokens tokens = new UnsubscribeTokens(secrets, clock);

	@Test
	void aTokenTurnsOffItsKindForItsUserUntilNinetyDaysAfterTheDayItWasIssued() {
		String token = tokens.issue("acme", "ann", NotificationKind.RUN_COMPLETED).orElseThrow();
		assertThat(tokens.read(token)).contains(new UnsubscribeTokens.Scope("acme", "ann", NotificationKind.RUN_COMPLETED));

		// the end of the day it was issued, plus 90 days: still valid; a moment later, not
		clock.advance(Duration.between(clock.instant(), Instant.parse("2031-03-11T00:00:00Z").plus(UnsubscribeTokens.VALID_FOR)));
		assertThat(tokens.read(token)).isPresent();
		clock.advance(Duration.ofSeconds(1));
		assertThat(tokens.read(token)).isEmpty();
	}

	@Test
	void aChangedTokenOrOneOfTheFirstVersionWithoutItsDayIsRefused() {
		String token = tokens.issue("acme", "ann", NotificationKind.RUN_COMPLETED).orElseThrow();
		String scope = new String(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))), StandardCharsets.UTF_8);
		String later = scope.replace("2031-03-10", "2031-06-01");
		assertThat(tokens.read(encode(later) + token.substring(token.indexOf('.')))).isEmpty();

		String first = "v1\nacme\nann\nrun_completed";
		assertThat(tokens.read(encode(first) + "." + secrets.sign(UnsubscribeTokens.PURPOSE, first))).isEmpty();
		String undated = "v2\nacme\nann\nrun_completed";
		assertThat(tokens.read(encode(undated) + "." + secrets.sign(UnsubscribeTokens.PURPOSE, undated))).isEmpty();
		assertThat(tokens.read(encode(scope) + "." + secrets.sign(UnsubscribeTokens.PURPOSE, scope))).isPresent();
	}

	@Test
	void aKindThatCannotBeTurnedOffGetsNoToken() {
		assertThat(tokens.issue("acme", "ann", NotificationKind.STAGE_ASSIGNED)).isEmpty();
	}

	private static String encode(String scope) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(scope.getBytes(StandardCharsets.UTF_8));
	}
}
