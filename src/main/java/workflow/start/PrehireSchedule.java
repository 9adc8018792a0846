package workflow.start;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * When a joiner run may start. Without lead days (the default) at once. With lead days N, a run
 * whose start date is more than N days ahead waits in {@code requested} until UTC midnight N days
 * before the start date; the {@code workflow_prehire_start} job then requests its start.
 */
record PrehireSchedule(Integer leadDays) {

	/** The moment the start may be requested, or null for "now". */
	Instant startNotBefore(LocalDate startDate, Instant now) {
		if (leadDays == null || startDate == null) {
			return null;
		}
		Instant from = startDate.minusDays(leadDays).atStartOfDay(ZoneOffset.UTC).toInstant();
		return from.isAfter(now) ? from : null;
	}
}
