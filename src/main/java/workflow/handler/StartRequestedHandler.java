package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEventHandler;
import workflow.run.RunStarter;

/** {@code workflow.run.start_requested} → start the run's process. */
@Component
class StartRequestedHandler implements OutboxEventHandler {

	private final RunStarter starter;

	StartRequestedHandler(RunStarter starter) {
		this.starter = starter;
	}

	@Override
	public String eventType() {
		return EventTypes.WORKFLOW_RUN_START_REQUESTED;
	}

	@Override
	public void handle(DeliveredEvent event) {
		starter.start(event);
	}
}
