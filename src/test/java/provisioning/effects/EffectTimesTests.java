package provisioning.effects;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;

import org.junit.jupiter.api.Test;

/** When effects may first be attempted: the time rules of joiners created disabled, leavers, movers and deletions, in UTC. */
class EffectTimesTests {

	static final Instant NOON = Instant.parse("2026-12-04T12:00:00Z");

	@Test
	void aRevocationIsDueAtTheEndOfTheLastDayOrAtOnceWhenThatHasPassed() {
		assertThat(EffectTimes.revocation(LocalDate.of(2026, 12, 31), NOON)).isEqualTo(Instant.parse("2027-01-01T00:00:00Z"));
		// the last day is today: its end is tonight's midnight, not now
		assertThat(EffectTimes.revocation(LocalDate.of(2026, 12, 4), NOON)).isEqualTo(Instant.parse("2026-12-05T00:00:00Z"));
		assertThat(EffectTimes.revocation(LocalDate.of(2026, 12, 3), NOON)).isEqualTo(NOON);
		assertThat(EffectTimes.revocation(LocalDate.of(2020, 1, 1), NOON)).isEqualTo(NOON);
		assertThat(EffectTimes.revocation(null, NOON)).isEqualTo(NOON);
	}

	@Test
	void aMoveIsDueAtTheStartOfItsEffectiveDateOrAtOnceWhenThatHasCome() {
		assertThat(EffectTimes.move(LocalDate.of(2026, 12, 7), NOON)).isEqualTo(Instant.parse("2026-12-07T00:00:00Z"));
		assertThat(EffectTimes.move(LocalDate.of(2026, 12, 4), NOON)).isEqualTo(NOON);
		assertThat(EffectTimes.move(LocalDate.of(2026, 11, 1), NOON)).isEqualTo(NOON);
		assertThat(EffectTimes.move(null, NOON)).isEqualTo(NOON);
	}

	@Test
	void anAccountCreatedDisabledIsEnabledAtTheStartOfTheStartDateOrAtOnceWhenThatHasCome() {
		assertThat(EffectTimes.enable(LocalDate.of(2026, 12, 18), NOON)).isEqualTo(Instant.parse("2026-12-18T00:00:00Z"));
		assertThat(EffectTimes.enable(LocalDate.of(2026, 12, 5), NOON)).isEqualTo(Instant.parse("2026-12-05T00:00:00Z"));
		// the start date is today or past: no disabled account, no later enable
		assertThat(EffectTimes.enable(LocalDate.of(2026, 12, 4), NOON)).isNull();
		assertThat(EffectTimes.enable(LocalDate.of(2026, 1, 1), NOON)).isNull();
		assertThat(EffectTimes.enable(null, NOON)).isNull();
	}

	@Test
	void aDeletionIsDueTheGivenDaysAfterTheDisableApplied() {
		assertThat(EffectTimes.deletion(NOON, 30)).isEqualTo(NOON.plus(Duration.ofDays(30)));
		assertThat(EffectTimes.deletion(NOON, 0)).isEqualTo(NOON);
	}
}
