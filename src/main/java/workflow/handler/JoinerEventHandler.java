package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import workflow.definition.Definition;
import workflow.run.RunRequests;
import workflow.run.WorkflowProperties;

/** {@code hr.employee.created} → a joiner run (when auto-start is on). */
@Component
class JoinerEventHandler extends JmlStartHandler {

	JoinerEventHandler(RunRequests requests, WorkflowProperties properties) {
		super(requests, properties);
	}

	@Override
	public String eventType() {
		return EventTypes.HR_EMPLOYEE_CREATED;
	}

	@Override
	String definitionFor(DeliveredEvent event) {
		return Definition.JOINER;
	}
}
