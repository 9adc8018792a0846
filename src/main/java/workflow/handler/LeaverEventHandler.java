package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import workflow.definition.Definition;
import workflow.run.RunRequests;
import workflow.run.WorkflowProperties;

/** {@code hr.employee.status_changed} to {@code offboarded} → a leaver run; other status changes are not JML. */
@Component
class LeaverEventHandler extends JmlStartHandler {

	static final String OFFBOARDED = "offboarded";

	LeaverEventHandler(RunRequests requests, WorkflowProperties properties) {
		super(requests, properties);
	}

	@Override
	public String eventType() {
		return EventTypes.HR_EMPLOYEE_STATUS_CHANGED;
	}

	@Override
	String definitionFor(DeliveredEvent event) {
		return OFFBOARDED.equals(event.string("status")) ? Definition.LEAVER : null;
	}
}
