package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class RetryPolicyTests {

	@Test
	void doublesPerAttemptUpToTheCap() {
		RetryPolicy withoutJitter = new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> 1.0);
		assertThat(withoutJitter.delayAfter(1)).isEqualTo(Duration.ofSeconds(1));
		assertThat(withoutJitter.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
		assertThat(withoutJitter.delayAfter(5)).isEqualTo(Duration.ofSeconds(16));
		assertThat(withoutJitter.delayAfter(6)).isEqualTo(Duration.ofSeconds(30));
		assertThat(withoutJitter.delayAfter(500)).isEqualTo(Duration.ofSeconds(30));
	}

	@Test
	void jitterDropsUpToHalfOfTheDelay() {
		RetryPolicy lowest = new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> 0.0);
		RetryPolicy middle = new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), () -> 0.5);
		assertThat(lowest.delayAfter(3)).isEqualTo(Duration.ofSeconds(2));
		assertThat(middle.delayAfter(3)).isEqualTo(Duration.ofSeconds(3));
		assertThat(lowest.delayAfter(100)).isEqualTo(Duration.ofSeconds(15));
	}
}
