package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import platform.testing.MutableClock;

class FailureBackoffTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-12-04T12:00:00Z"));

	private final FailureBackoff backoff = new FailureBackoff(
			new FailureBackoff.Policy(2, Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofMinutes(15)), clock);

	@Test
	void freeFailuresDoNotBlockThenTheBlockDoublesUpToItsCap() {
		assertThat(backoff.failed("ann").blockedFor()).isEmpty();
		assertThat(backoff.failed("ann").blockedFor()).isEmpty();
		assertThat(backoff.blockedSeconds("ann")).isZero();
		assertThat(backoff.failed("ann").blockedFor()).contains(Duration.ofSeconds(1));
		assertThat(backoff.failed("ann").blockedFor()).contains(Duration.ofSeconds(2));
		assertThat(backoff.failed("ann").blockedFor()).contains(Duration.ofSeconds(4));
		assertThat(backoff.failed("ann").blockedFor()).contains(Duration.ofSeconds(4));
		assertThat(backoff.blockedSeconds("ann")).isEqualTo(5);
		assertThat(backoff.blockedSeconds("bob")).isZero();
		clock.advance(Duration.ofSeconds(4));
		assertThat(backoff.blockedUntil("ann")).isEmpty();
	}

	@Test
	void aSuccessOrQuietTimeForgetsTheFailures() {
		backoff.failed("ann");
		backoff.failed("ann");
		backoff.succeeded("ann");
		assertThat(backoff.failedRecently("ann")).isFalse();
		assertThat(backoff.failed("ann").failures()).isEqualTo(1);
		clock.advance(Duration.ofMinutes(16));
		assertThat(backoff.failedRecently("ann")).isFalse();
		assertThat(backoff.failed("ann").failures()).isEqualTo(1);
	}
}
