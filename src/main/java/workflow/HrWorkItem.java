package workflow;

import java.time.Instant;
import java.util.UUID;

import platform.LowerCaseName;

/**
 * A run that needs HR (HR's queue): {@code returned} (with who returned it and why),
 * {@code start_failed} (the latest run of its kind for the employee) or {@code blocked} (its stage
 * has nobody to decide it). {@code since} is when it came to need HR.
 */
public record HrWorkItem(UUID runId, UUID employeeId, String employeeName, String definitionTitle, Kind kind,
		String stageTitle, String reason, String by, Instant since) {

	/** Why the run is in HR's queue, in the order the queue explains them. */
	public enum Kind implements LowerCaseName {
		RETURNED, START_FAILED, BLOCKED
	}
}
