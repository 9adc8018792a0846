package hr;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** An employee as HR sees it. */
public record Employee(UUID id, String displayName, String email, String department, String manager,
		String title, LocalDate startDate, EmployeeStatus status, LocalDate lastDay, int version, Instant createdAt,
		Instant updatedAt) {

	/** When a leaver's access ends: the end of the last day (UTC until users have time zones); null without one. */
	public Instant accessEndsAt() {
		return lastDay == null ? null : lastDay.plusDays(1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
	}
}
