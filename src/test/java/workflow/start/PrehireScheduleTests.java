package workflow.start;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;

import org.junit.jupiter.api.Test;

class PrehireScheduleTests {

	static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");

	@Test
	void withoutLeadDaysRunsStartAtOnce() {
		assertThat(new PrehireSchedule(null).startNotBefore(LocalDate.parse("2030-06-01"), NOW)).isNull();
	}

	@Test
	void aStartDateFurtherAheadThanTheLeadDaysWaitsUntilLeadDaysBefore() {
		assertThat(new PrehireSchedule(14).startNotBefore(LocalDate.parse("2030-02-01"), NOW))
			.isEqualTo(Instant.parse("2030-01-18T00:00:00Z"));
	}

	@Test
	void aStartDateWithinTheLeadDaysStartsAtOnce() {
		assertThat(new PrehireSchedule(14).startNotBefore(LocalDate.parse("2030-01-10"), NOW)).isNull();
		assertThat(new PrehireSchedule(14).startNotBefore(LocalDate.parse("2030-01-15"), NOW)).isNull();
	}
}
