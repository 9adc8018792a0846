package workflow.handler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.DeliveredEvent;
import outbox.OutboxEventHandler;
import workflow.run.RunRequests;
import workflow.run.WorkflowProperties;

/**
 * An HR event that may start a JML run. With {@code WORKFLOW_JML_AUTO_START_ENABLED} off the
 * event is logged and skipped (handled, no run); a re-delivered event finds the run it created.
 */
abstract class JmlStartHandler implements OutboxEventHandler {

	private static final Logger log = LoggerFactory.getLogger(JmlStartHandler.class);

	private final RunRequests requests;
	private final boolean autoStartEnabled;

	JmlStartHandler(RunRequests requests, WorkflowProperties properties) {
		this.requests = requests;
		this.autoStartEnabled = properties.jml().autoStartEnabled();
	}

	/** The definition to run for the event, or null when the event is no JML trigger. */
	abstract String definitionFor(DeliveredEvent event);

	@Override
	public void handle(DeliveredEvent event) {
		String definition = definitionFor(event);
		if (definition == null) {
			log.debug("Event {} ({}) starts no run", event.id(), event.type());
			return;
		}
		if (!autoStartEnabled) {
			log.info("JML auto-start is off: event {} ({}) starts no {} run", event.id(), event.type(), definition);
			return;
		}
		var runId = requests.request(definition, event);
		log.info("Event {} ({}) → {} run {}", event.id(), event.type(), definition, runId);
	}
}
