package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunStartRequested;
import workflow.start.RunStarter;

/** {@link RunStartRequested} → start the run's process. */
@Component
class StartRequestedHandler implements OutboxEventHandler<RunStartRequested> {

	private final RunStarter starter;

	StartRequestedHandler(RunStarter starter) {
		this.starter = starter;
	}

	@Override
	public Class<RunStartRequested> eventType() {
		return RunStartRequested.class;
	}

	@Override
	public void handle(RunStartRequested request, Delivery delivery) {
		starter.start(delivery.tenantId(), request.runId(), delivery.attempt(), delivery.eventId());
	}
}
