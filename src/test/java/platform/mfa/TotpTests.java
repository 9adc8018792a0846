package platform.mfa;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/** RFC 6238's SHA-1 test vectors (their last six digits), the acceptance window and replay. */
class TotpTests {

	static final byte[] RFC_SECRET = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

	@Test
	void theRfc6238VectorsComeOut() {
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(59)))).isEqualTo("287082");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(1111111109)))).isEqualTo("081804");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(1234567890)))).isEqualTo("005924");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(2000000000)))).isEqualTo("279037");
	}

	@Test
	void aCodeCountsOneStepEitherSideOnceAndNeverAgain() {
		Instant now = Instant.ofEpochSecond(1234567890);
		long step = Totp.step(now);
		assertThat(Totp.match(RFC_SECRET, "005924", now, null)).hasValue(step);
		assertThat(Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, step - 1), now, null)).hasValue(step - 1);
		assertThat(Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, step + 1), now, null)).hasValue(step + 1);
		assertThat(Totp.match(RFC_SECRET, Totp.code(RFC_SECRET, step - 2), now, null)).isEmpty();
		assertThat(Totp.match(RFC_SECRET, "005924", now, step)).as("replayed").isEmpty();
		assertThat(Totp.match(RFC_SECRET, "005 924", now, null)).hasValue(step);
		assertThat(Totp.match(RFC_SECRET, "12345", now, null)).isEmpty();
		assertThat(Totp.match(RFC_SECRET, null, now, null)).isEmpty();
	}

	@Test
	void base32RoundTripsAndMatchesTheRfc4648Vector() {
		assertThat(Base32.encode("foobar".getBytes(StandardCharsets.US_ASCII))).isEqualTo("MZXW6YTBOI");
		assertThat(Base32.decode("MZXW6YTBOI")).isEqualTo("foobar".getBytes(StandardCharsets.US_ASCII));
		assertThat(Base32.decode(Base32.encode(RFC_SECRET))).isEqualTo(RFC_SECRET);
	}
}
