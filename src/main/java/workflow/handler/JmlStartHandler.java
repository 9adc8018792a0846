package workflow.handler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.CatalogEvent;
import outbox.catalog.RunDefinition;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.start.RunRequests;
import workflow.store.RunTrigger;

/**
 * An HR event that starts a JML run. With {@code WORKFLOW_JML_AUTO_START_ENABLED} off the event
 * is logged and skipped (handled, no run); a re-delivered event finds the run it created.
 */
abstract class JmlStartHandler<E extends CatalogEvent> implements OutboxEventHandler<E> {

	private static final Logger log = LoggerFactory.getLogger(JmlStartHandler.class);

	private final RunRequests requests;
	private final RunEndings endings;
	private final boolean autoStartEnabled;
	private final RunDefinition definition;

	JmlStartHandler(RunRequests requests, RunEndings endings, WorkflowProperties properties, RunDefinition definition) {
		this.requests = requests;
		this.endings = endings;
		this.autoStartEnabled = properties.jml().autoStartEnabled();
		this.definition = definition;
	}

	/** What the event says about the run it starts. */
	abstract RunTrigger trigger(E event, Delivery delivery);

	@Override
	public void handle(E event, Delivery delivery) {
		RunTrigger trigger = trigger(event, delivery);
		if (!autoStartEnabled) {
			log.info("JML auto-start is off: event {} ({}) starts no {} run", delivery.eventId(), delivery.type(),
					definition.key());
			// HR learns that no run is open, so it may start one by hand
			endings.notStarted(trigger.employeeId(), definition, delivery.idempotencyKey(),
					"JML auto-start is off (WORKFLOW_JML_AUTO_START_ENABLED=false)");
			return;
		}
		var runId = requests.request(delivery.tenantId(), definition, trigger);
		log.info("Event {} ({}) → {} run {}", delivery.eventId(), delivery.type(), definition.key(), runId);
	}
}
