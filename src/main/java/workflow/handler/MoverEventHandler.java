package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import workflow.definition.Definition;
import workflow.run.RunRequests;

/** {@code hr.employee.transferred} → a mover run (when auto-start is on). */
@Component
class MoverEventHandler extends JmlStartHandler {

	MoverEventHandler(RunRequests requests) {
		super(requests);
	}

	@Override
	public String eventType() {
		return EventTypes.HR_EMPLOYEE_TRANSFERRED;
	}

	@Override
	String definitionFor(DeliveredEvent event) {
		return Definition.MOVER;
	}
}
