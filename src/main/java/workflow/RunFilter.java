package workflow;

import java.util.UUID;

/**
 * Run list filters, each optional: status, definition key, employee id, a case-insensitive
 * employee name search, and {@code assignedTo} (runs whose active stage awaits that user's decision).
 */
public record RunFilter(RunStatus status, String definition, UUID employeeId, String employeeSearch, String assignedTo) {

	public static RunFilter none() {
		return new RunFilter(null, null, null, null, null);
	}
}
