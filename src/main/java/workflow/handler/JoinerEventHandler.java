package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/** {@link EmployeeHired} → a joiner run (when auto-start is on). */
@Component
class JoinerEventHandler extends JmlStartHandler<EmployeeHired> {

	JoinerEventHandler(RunRequests requests, RunEndings endings, WorkflowProperties properties) {
		super(requests, endings, properties, RunDefinition.JOINER);
	}

	@Override
	public Class<EmployeeHired> eventType() {
		return EmployeeHired.class;
	}

	@Override
	RunTrigger trigger(EmployeeHired hired, Delivery delivery) {
		return new RunTrigger(delivery.eventId(), delivery.type(), delivery.idempotencyKey(), hired.employeeId(),
				hired.displayName(), hired.email(), hired.department(), hired.manager(), null, null, hired.startDate(),
				hired.title(), hired.requestedBy());
	}
}
