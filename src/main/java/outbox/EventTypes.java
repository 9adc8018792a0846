package outbox;

import java.util.List;

/**
 * The event catalog: the single list of production event types. The handler registry requires
 * exactly one handler per type and routes by exact key. Payload fields are documented per type;
 * payloads never carry passwords, tokens or personal data beyond what the consumer needs.
 */
public final class EventTypes {

	/** Joiner. Payload: employeeId, displayName, email, department, manager (nullable), startDate (ISO), status. */
	public static final String HR_EMPLOYEE_CREATED = "hr.employee.created";

	/** Mover. Payload: employeeId, displayName, email, fromDepartment, department, fromManager, manager, startDate, status. */
	public static final String HR_EMPLOYEE_TRANSFERRED = "hr.employee.transferred";

	/** Leaver when {@code status} is {@code offboarded}. Payload: employeeId, displayName, email, department, manager, fromStatus, status, lastDay. */
	public static final String HR_EMPLOYEE_STATUS_CHANGED = "hr.employee.status_changed";

	/** Second hop of the start chain. Payload: runId. */
	public static final String WORKFLOW_RUN_START_REQUESTED = "workflow.run.start_requested";

	/** A stage passed its SLA. Payload: runId, stageId, stageName, assignees, overdueHours. */
	public static final String WORKFLOW_STAGE_REMINDER_DUE = "workflow.stage.reminder_due";

	public static final List<String> ALL = List.of(HR_EMPLOYEE_CREATED, HR_EMPLOYEE_TRANSFERRED,
			HR_EMPLOYEE_STATUS_CHANGED, WORKFLOW_RUN_START_REQUESTED, WORKFLOW_STAGE_REMINDER_DUE);

	private EventTypes() {
	}
}
