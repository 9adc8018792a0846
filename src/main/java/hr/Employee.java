package hr;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * An employee as HR sees it. {@code employeeNumber} is the HR system's id of the employee (unique in
 * the tenant; null for a hire typed in without one); {@code manager} is the manager's employee number
 * or, as before employee numbers, an approver's username (docs/hr.md).
 */
public record Employee(UUID id, String employeeNumber, String displayName, String email, String department,
		String manager, String title, String location, String costCentre, LocalDate startDate, EmployeeStatus status,
		LocalDate lastDay, int version, Instant createdAt, Instant updatedAt) {

	/** When a leaver's access ends: the end of the last day (UTC until users have time zones); null without one. */
	public Instant accessEndsAt() {
		return lastDay == null ? null : lastDay.plusDays(1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
	}
}
