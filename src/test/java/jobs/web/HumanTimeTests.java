package jobs.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

class HumanTimeTests {

	static final Instant NOW = Instant.parse("2026-01-05T08:00:00Z");

	@Test
	void relativeTimes() {
		assertThat(HumanTime.ago(NOW.minusSeconds(2), NOW)).isEqualTo("just now");
		assertThat(HumanTime.ago(NOW.minusSeconds(42), NOW)).isEqualTo("42 s ago");
		assertThat(HumanTime.ago(NOW.minusSeconds(185), NOW)).isEqualTo("3 min ago");
		assertThat(HumanTime.ago(NOW.minus(Duration.ofHours(5)), NOW)).isEqualTo("5 h ago");
		assertThat(HumanTime.ago(NOW.minus(Duration.ofDays(2)), NOW)).isEqualTo("2 d ago");
		assertThat(HumanTime.until(NOW.plusSeconds(58), NOW)).isEqualTo("in 58 s");
		assertThat(HumanTime.until(NOW.plus(Duration.ofMinutes(59)), NOW)).isEqualTo("in 59 min");
		assertThat(HumanTime.until(NOW.minusSeconds(1), NOW)).isEqualTo("due now");
		assertThat(HumanTime.absolute(NOW)).isEqualTo("2026-01-05 08:00:00 UTC");
	}

	@Test
	void durations() {
		assertThat(HumanTime.elapsed(Duration.ofMillis(6))).isEqualTo("6 ms");
		assertThat(HumanTime.elapsed(Duration.ofMillis(1250))).isEqualTo("1.3 s");
		assertThat(HumanTime.elapsed(Duration.ofSeconds(185))).isEqualTo("3 min 5 s");
		assertThat(HumanTime.span(Duration.ofSeconds(30))).isEqualTo("30 s");
		assertThat(HumanTime.span(Duration.ofMinutes(90))).isEqualTo("1 h 30 min");
		assertThat(HumanTime.span(Duration.ofMillis(250))).isEqualTo("250 ms");
	}
}
