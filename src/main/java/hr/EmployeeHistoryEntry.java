package hr;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import outbox.catalog.FieldChange;

/**
 * One write of an employee as its history records it: the employee's version after it, where it
 * came from, who made it (a username, or the job or token behind an import, sync or SCIM push) and
 * the fields it changed, from → to.
 */
public record EmployeeHistoryEntry(UUID employeeId, int version, ChangeSource source, String actor,
		Map<String, FieldChange> changes, Instant at) {
}
