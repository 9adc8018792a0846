package outbox.catalog;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * HR changed an employee's attributes (a console edit, a PATCH of the API, an import, a source sync
 * or SCIM); {@code version} is the employee's version after the change, {@code source} where it came
 * from ({@code console}, {@code api}, {@code import}, {@code sync}, {@code scim}) and {@code changes}
 * the fields it changed, each from → to (in no particular order; keys: {@code employeeNumber}, {@code displayName},
 * {@code email}, {@code department}, {@code manager}, {@code title}, {@code location},
 * {@code costCentre}, {@code startDate}, {@code lastDay}, and {@code status} when the change made
 * a left employee a pre-hire again: a rehire). The runs a change calls for are asked for by HR's triggers in the
 * change's own transaction (docs/hr.md, "Triggers"), not by consumers of this event. Published by {@code hr}; {@code workflow} brings the
 * snapshot of the employee's open runs up to date, and when {@code resubmitRunId} names a returned
 * run, resubmits it as {@code requestedBy} (the edit-and-resubmit of HR's queue).
 */
@EventType(key = EmployeeUpdated.TYPE, aggregatePath = "/hr/employees/{id}")
public record EmployeeUpdated(UUID employeeId, int version, String displayName, String email, String department,
		String manager, String title, LocalDate startDate, LocalDate lastDay, UUID resubmitRunId, String requestedBy,
		String source, Map<String, FieldChange> changes) implements EmployeeEvent {

	public static final String TYPE = "hr.employee.updated";

	public EmployeeUpdated {
		EmployeeEvent.requireEmployee(employeeId, displayName);
		// events stored before the changes were carried have none
		changes = changes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(changes));
	}

	/** Without source and changes (an edit recorded before they were carried). */
	public EmployeeUpdated(UUID employeeId, int version, String displayName, String email, String department,
			String manager, String title, LocalDate startDate, LocalDate lastDay, UUID resubmitRunId,
			String requestedBy) {
		this(employeeId, version, displayName, email, department, manager, title, startDate, lastDay, resubmitRunId,
				requestedBy, null, null);
	}

	/** Whether the change changed {@code field} (a key of {@link #changes}). */
	public boolean changed(String field) {
		return changes.containsKey(field);
	}

	@Override
	public String idempotencyKey() {
		return TYPE + ":" + employeeId + ":" + version;
	}
}
