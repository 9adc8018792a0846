package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.RunDefinition;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/** {@link EmployeeOffboarded} → a leaver run (when auto-start is on). */
@Component
class LeaverEventHandler extends JmlStartHandler<EmployeeOffboarded> {

	LeaverEventHandler(RunRequests requests, RunEndings endings, WorkflowProperties properties) {
		super(requests, endings, properties, RunDefinition.LEAVER);
	}

	@Override
	public Class<EmployeeOffboarded> eventType() {
		return EmployeeOffboarded.class;
	}

	@Override
	RunTrigger trigger(EmployeeOffboarded left, Delivery delivery) {
		return new RunTrigger(delivery.eventId(), delivery.type(), delivery.idempotencyKey(), left.employeeId(),
				left.displayName(), left.email(), left.department(), left.manager(), null, null, left.lastDay(), left.title(),
				left.requestedBy());
	}
}
