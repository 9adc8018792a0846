package workflow;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Set;
import java.util.UUID;

/** A JML run as projected in PostgreSQL. */
public record Run(UUID id, String definitionKey, String definitionTitle, UUID employeeId, String employeeName,
		String employeeEmail, String department, String manager, String fromDepartment, String fromManager,
		LocalDate effectiveDate, String status, String statusReason, Instant startNotBefore, Instant startRequestedAt,
		String workflowId, String executionId, Instant startedAt, UUID currentStageId, Instant createdAt,
		Instant updatedAt, Instant finishedAt) {

	public static final String REQUESTED = "requested";
	public static final String START_FAILED = "start_failed";
	public static final String RUNNING = "running";
	public static final String RETURNED = "returned";
	public static final String COMPLETED = "completed";
	public static final String REJECTED = "rejected";
	public static final String WITHDRAWN = "withdrawn";

	public static final Set<String> STATUSES = Set.of(REQUESTED, START_FAILED, RUNNING, RETURNED, COMPLETED, REJECTED,
			WITHDRAWN);

	public boolean finished() {
		return Set.of(START_FAILED, COMPLETED, REJECTED, WITHDRAWN).contains(status);
	}
}
