package workflow;

import java.util.UUID;

/**
 * Run list filters, each optional: status, definition key, employee id, a case-insensitive
 * employee name search, {@code assignedTo} (runs whose active stage awaits that user's decision),
 * {@code overdue} (the current stage is active past its SLA) and {@code blocked} (the current stage
 * is blocked for lack of approvers). All compose with each other and with keyset paging.
 */
public record RunFilter(RunStatus status, String definition, UUID employeeId, String employeeSearch, String assignedTo,
		boolean overdue, boolean blocked) {

	public RunFilter(RunStatus status, String definition, UUID employeeId, String employeeSearch, String assignedTo) {
		this(status, definition, employeeId, employeeSearch, assignedTo, false, false);
	}

	public static RunFilter none() {
		return new RunFilter(null, null, null, null, null);
	}
}
