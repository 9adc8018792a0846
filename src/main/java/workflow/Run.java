package workflow;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import outbox.catalog.GrantRecorded;
import outbox.catalog.RunDefinition;

/**
 * A JML run as projected in PostgreSQL. {@code start} is set while a failed start request of a
 * {@code requested} run is being retried; {@code attention} while the run is
 * {@code needs_attention}. {@code employeeTitle} and {@code requestedBy} (the HR user whose write
 * asked for the run) come from the HR event, null when it did not carry them. The requester never
 * approves the run unless its definition allowed it when the run started ({@code requesterMayApprove}).
 */
public record Run(UUID id, String definitionKey, String definitionTitle, UUID employeeId, String employeeName,
		String employeeEmail, String department, String manager, String fromDepartment, String fromManager,
		LocalDate effectiveDate, RunStatus status, String statusReason, Instant startNotBefore, Instant startRequestedAt,
		String workflowId, String executionId, Instant startedAt, UUID currentStageId, Instant createdAt,
		Instant updatedAt, Instant finishedAt, StartProgress start, Attention attention, String employeeTitle,
		String requestedBy, boolean requesterMayApprove) {

	public boolean finished() {
		return status.finished();
	}

	/** The employee as a grant of this run is for: what provisioning makes an account from. */
	public GrantRecorded.Employee grantee() {
		RunDefinition definition = RunDefinition.of(definitionKey);
		return new GrantRecorded.Employee(employeeName, employeeEmail, null, department, employeeTitle, manager,
				definition == RunDefinition.JOINER ? effectiveDate : null,
				definition == RunDefinition.LEAVER ? effectiveDate : null, fromDepartment,
				definition == RunDefinition.MOVER ? effectiveDate : null);
	}
}
