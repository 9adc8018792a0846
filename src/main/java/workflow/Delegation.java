package workflow;

import java.time.Instant;
import java.time.LocalDate;

/**
 * An approver's out-of-office delegation: from {@code from} to {@code until} (both inclusive, UTC
 * dates) the assignments of {@code owner} go to {@code delegate}.
 */
public record Delegation(String owner, String delegate, LocalDate from, LocalDate until, Instant createdAt) {

	/** Whether the delegation routes assignments on {@code day}. */
	public boolean activeOn(LocalDate day) {
		return !day.isBefore(from) && !day.isAfter(until);
	}
}
