package hr;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** An employee as HR sees it. */
public record Employee(UUID id, String displayName, String email, String department, String manager,
		String title, LocalDate startDate, EmployeeStatus status, LocalDate lastDay, int version, Instant createdAt,
		Instant updatedAt) {
}
