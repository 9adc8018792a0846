package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunStartRequested;
import workflow.start.RunStarter;

/**
 * {@link RunStartRequested} → start the run's process. The start calls Temporal, so the handler
 * runs outside the dispatcher's transaction and the starter opens its own short ones; a dead
 * letter, whatever its cause, fails the run's start.
 */
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
	public boolean external() {
		return true;
	}

	@Override
	public void handle(RunStartRequested request, Delivery delivery) {
		starter.start(delivery.tenantId(), request.runId(), delivery.attempt(), delivery.eventId());
	}

	@Override
	public void deadLettered(RunStartRequested request, Delivery delivery, String reason) {
		starter.deadLettered(request.runId(), delivery.attempt(), reason);
	}
}
