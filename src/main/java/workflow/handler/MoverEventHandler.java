package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunDefinition;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/** {@link EmployeeTransferred} → a mover run (when auto-start is on). */
@Component
class MoverEventHandler extends JmlStartHandler<EmployeeTransferred> {

	MoverEventHandler(RunRequests requests, RunEndings endings, WorkflowProperties properties) {
		super(requests, endings, properties, RunDefinition.MOVER);
	}

	@Override
	public Class<EmployeeTransferred> eventType() {
		return EmployeeTransferred.class;
	}

	@Override
	RunTrigger trigger(EmployeeTransferred moved, Delivery delivery) {
		return new RunTrigger(delivery.eventId(), delivery.type(), delivery.idempotencyKey(), moved.employeeId(),
				moved.displayName(), moved.email(), moved.department(), moved.manager(), moved.fromDepartment(), moved.fromManager(), moved.effectiveDate(),
				moved.title(), moved.requestedBy());
	}
}
