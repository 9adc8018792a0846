package workflow.handler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.EmployeeRunRequested;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/**
 * {@link EmployeeRunRequested} → a run of the requested definition. A person asked for it, so it
 * starts whatever {@code WORKFLOW_JML_AUTO_START_ENABLED} says; a re-delivery finds its run.
 */
@Component
class RequestedRunHandler implements OutboxEventHandler<EmployeeRunRequested> {

	private static final Logger log = LoggerFactory.getLogger(RequestedRunHandler.class);

	private final RunRequests requests;

	RequestedRunHandler(RunRequests requests) {
		this.requests = requests;
	}

	@Override
	public Class<EmployeeRunRequested> eventType() {
		return EmployeeRunRequested.class;
	}

	@Override
	public void handle(EmployeeRunRequested request, Delivery delivery) {
		var runId = requests.request(delivery.tenantId(), request.definition(),
				new RunTrigger(delivery.eventId(), delivery.type(), delivery.idempotencyKey(), request.employeeId(),
						request.displayName(), request.email(), request.department(), request.manager(), null, null,
						request.effectiveDate(), request.title(), request.requestedBy()));
		log.info("HR asked for a {} run of employee {}: run {}", request.definition().key(), request.employeeId(), runId);
	}
}
