package outbox.catalog;

import java.time.LocalDate;
import java.util.UUID;

/**
 * A leaver's access ends at the end of {@code lastDay}, tomorrow as HR's daily job sees it: the
 * employee's {@code manager} (a username, null without one) is told the day before. {@code runId}
 * is the leaver run that took the access away (null when HR does not know it). Published by
 * {@code hr}, consumed by {@code notifications}.
 */
@EventType(key = AccessEnding.TYPE, aggregatePath = "/hr/employees/{id}")
public record AccessEnding(UUID employeeId, String displayName, String manager, LocalDate lastDay, UUID runId)
		implements CatalogEvent {

	public static final String TYPE = "hr.employee.access_ending";

	public AccessEnding {
		Events.required(employeeId, "employeeId");
		Events.requiredText(displayName, "displayName");
		Events.required(lastDay, "lastDay");
	}

	@Override
	public UUID aggregateId() {
		return employeeId;
	}

	/** Once per employee and last day: a job run twice that day, or on two instances, tells once. */
	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId + ":" + lastDay;
	}
}
