package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

class ConsoleTimeTests {

	static final Instant NOW = Instant.parse("2026-01-05T08:00:00Z");

	final ConsoleTime times = new ConsoleTime(Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void relativeTimesAreCoarseAndReadTheClock() {
		assertThat(times.ago(NOW.minusSeconds(2))).isEqualTo("just now");
		assertThat(times.ago(NOW.minusSeconds(42))).isEqualTo("42 s ago");
		assertThat(times.ago(NOW.minusSeconds(185))).isEqualTo("3 min ago");
		assertThat(times.ago(NOW.minus(Duration.ofHours(5)))).isEqualTo("5 h ago");
		assertThat(times.ago(NOW.minus(Duration.ofDays(2)))).isEqualTo("2 d ago");
		assertThat(times.ago(NOW.plus(Duration.ofMinutes(3)))).isEqualTo("in 3 min");
		assertThat(times.ago(OffsetDateTime.ofInstant(NOW.minusSeconds(42), ZoneOffset.ofHours(2)))).isEqualTo("42 s ago");
		assertThat(times.until(NOW.plusSeconds(58))).isEqualTo("in 58 s");
		assertThat(times.until(NOW.plus(Duration.ofMinutes(59)))).isEqualTo("in 59 min");
		assertThat(times.until(NOW.minusSeconds(1))).isEqualTo("due now");
		assertThat(times.ago((Instant) null)).isEmpty();
	}

	@Test
	void absoluteTimesAreUtcInOneFormat() {
		assertThat(times.at(NOW)).isEqualTo("5 Jan 2026, 08:00 UTC");
		assertThat(times.at(OffsetDateTime.ofInstant(NOW, ZoneOffset.ofHours(2)))).isEqualTo("5 Jan 2026, 08:00 UTC");
		assertThat(times.at((Instant) null)).isEmpty();
	}

	@Test
	void aMomentReadsAbsoluteWithARelativeHint() {
		assertThat(times.when(NOW.minusSeconds(185))).isEqualTo("5 Jan 2026, 07:56 UTC · 3 min ago");
		assertThat(times.when(OffsetDateTime.ofInstant(NOW.plus(Duration.ofHours(5)), ZoneOffset.ofHours(2))))
			.isEqualTo("5 Jan 2026, 13:00 UTC · in 5 h");
		assertThat(times.when((Instant) null)).isEmpty();
		assertThat(times.date(java.time.LocalDate.of(2026, 12, 15))).isEqualTo("15 Dec 2026");
	}

	@Test
	void datetimeAttributesAreValidHtmlWithoutNanoseconds() {
		assertThat(times.iso(NOW.plusNanos(123_456_789))).isEqualTo("2026-01-05T08:00:00Z");
		assertThat(times.iso(OffsetDateTime.ofInstant(NOW, ZoneOffset.ofHours(2)))).isEqualTo("2026-01-05T08:00:00Z");
		assertThat(times.iso((Instant) null)).isNull();
	}

	@Test
	void aMeasuredTimeReadsInItsTwoLargestUnits() {
		assertThat(times.duration(Duration.ofSeconds(30))).isEqualTo("30 s");
		assertThat(times.duration(Duration.ofSeconds(45 * 60 + 59))).isEqualTo("45 min");
		assertThat(times.duration(Duration.ofMinutes(200).plusSeconds(15))).isEqualTo("3 h 20 min");
		assertThat(times.duration(Duration.ofHours(3))).isEqualTo("3 h");
		assertThat(times.duration(Duration.ofDays(2).plusHours(4).plusMinutes(59))).isEqualTo("2 d 4 h");
		assertThat(times.duration(null)).isEqualTo("–");
	}

	@Test
	void durations() {
		assertThat(times.elapsed(Duration.ofMillis(6))).isEqualTo("6 ms");
		assertThat(times.elapsed(Duration.ofMillis(1250))).isEqualTo("1.3 s");
		assertThat(times.elapsed(Duration.ofSeconds(185))).isEqualTo("3 min 5 s");
		assertThat(times.span(Duration.ofSeconds(30))).isEqualTo("30 s");
		assertThat(times.span(Duration.ofMinutes(90))).isEqualTo("1 h 30 min");
		assertThat(times.span(Duration.ofHours(26))).isEqualTo("1 d 2 h");
		assertThat(times.span(Duration.ofMillis(250))).isEqualTo("250 ms");
		assertThat(times.seconds(192.4)).isEqualTo("3 min 12 s");
		assertThat(times.seconds(null)).isEqualTo("–");
	}
}
