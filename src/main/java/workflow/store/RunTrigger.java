package workflow.store;

import java.time.LocalDate;
import java.util.UUID;

/**
 * What an HR event says about the run it starts: the employee as of the event, and the event
 * itself (a re-delivery of it finds the run it created; its idempotency key is what the run's
 * outcome answers). {@code effectiveDate} is the joiner's start date, the mover's effective date or the leaver's last day;
 * {@code requestedBy} the HR user whose write sent the event (null when it did not say).
 */
public record RunTrigger(UUID sourceEventId, String sourceEventType, String sourceEventKey, UUID employeeId, String displayName,
		String email, String department, String manager, String fromDepartment, String fromManager,
		LocalDate effectiveDate, String title, String requestedBy) {

	/** Without title and requester. */
	public RunTrigger(UUID sourceEventId, String sourceEventType, String sourceEventKey, UUID employeeId,
			String displayName, String email, String department, String manager, String fromDepartment,
			String fromManager, LocalDate effectiveDate) {
		this(sourceEventId, sourceEventType, sourceEventKey, employeeId, displayName, email, department, manager,
				fromDepartment, fromManager, effectiveDate, null, null);
	}
}
