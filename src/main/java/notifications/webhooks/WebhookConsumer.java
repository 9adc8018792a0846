package notifications.webhooks;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.CatalogEvent;

/**
 * The webhooks' consumer of an event type an endpoint may subscribe to ({@link WebhookEvents}): the
 * outbox stores a row of its own for it beside the module's other consumer (mail), so a webhook's
 * fate never touches theirs, and only in tenants with an enabled endpoint for the type. It turns the event into delivery rows in its unit of work. One
 * concrete class per type, so that the event flow documentation sees each.
 */
abstract class WebhookConsumer<E extends CatalogEvent> implements OutboxEventHandler<E> {

	static final String CONSUMER = "notifications.webhooks";

	private final Class<E> type;
	private final WebhookIntake intake;

	WebhookConsumer(Class<E> type, WebhookIntake intake) {
		this.type = type;
		this.intake = intake;
	}

	@Override
	public Class<E> eventType() {
		return type;
	}

	@Override
	public String consumer() {
		return CONSUMER;
	}

	/** Stored only in tenants with an enabled endpoint for the type ({@link WebhookInterest}). */
	@Override
	public boolean selective() {
		return true;
	}

	@Override
	public void handle(E event, Delivery delivery) {
		intake.accept(event, delivery.eventId());
	}

	@Component
	static final class EmployeeHiredWebhooks extends WebhookConsumer<outbox.catalog.EmployeeHired> {
		EmployeeHiredWebhooks(WebhookIntake intake) {
			super(outbox.catalog.EmployeeHired.class, intake);
		}
	}

	@Component
	static final class EmployeeUpdatedWebhooks extends WebhookConsumer<outbox.catalog.EmployeeUpdated> {
		EmployeeUpdatedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.EmployeeUpdated.class, intake);
		}
	}

	@Component
	static final class EmployeeTransferredWebhooks extends WebhookConsumer<outbox.catalog.EmployeeTransferred> {
		EmployeeTransferredWebhooks(WebhookIntake intake) {
			super(outbox.catalog.EmployeeTransferred.class, intake);
		}
	}

	@Component
	static final class EmployeeOffboardedWebhooks extends WebhookConsumer<outbox.catalog.EmployeeOffboarded> {
		EmployeeOffboardedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.EmployeeOffboarded.class, intake);
		}
	}

	@Component
	static final class EmployeeOffboardingCancelledWebhooks extends WebhookConsumer<outbox.catalog.EmployeeOffboardingCancelled> {
		EmployeeOffboardingCancelledWebhooks(WebhookIntake intake) {
			super(outbox.catalog.EmployeeOffboardingCancelled.class, intake);
		}
	}

	@Component
	static final class StageActivatedWebhooks extends WebhookConsumer<outbox.catalog.StageActivated> {
		StageActivatedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.StageActivated.class, intake);
		}
	}

	@Component
	static final class GrantRecordedWebhooks extends WebhookConsumer<outbox.catalog.GrantRecorded> {
		GrantRecordedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.GrantRecorded.class, intake);
		}
	}

	@Component
	static final class RunFinishedWebhooks extends WebhookConsumer<outbox.catalog.RunFinished> {
		RunFinishedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.RunFinished.class, intake);
		}
	}

	@Component
	static final class RunReturnedWebhooks extends WebhookConsumer<outbox.catalog.RunReturned> {
		RunReturnedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.RunReturned.class, intake);
		}
	}

	@Component
	static final class RunNeedsAdminWebhooks extends WebhookConsumer<outbox.catalog.RunNeedsAdmin> {
		RunNeedsAdminWebhooks(WebhookIntake intake) {
			super(outbox.catalog.RunNeedsAdmin.class, intake);
		}
	}

	@Component
	static final class StageEscalatedWebhooks extends WebhookConsumer<outbox.catalog.StageEscalated> {
		StageEscalatedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.StageEscalated.class, intake);
		}
	}

	@Component
	static final class AccessRevokedWebhooks extends WebhookConsumer<outbox.catalog.AccessRevoked> {
		AccessRevokedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.AccessRevoked.class, intake);
		}
	}

	@Component
	static final class EffectFailedWebhooks extends WebhookConsumer<outbox.catalog.EffectFailed> {
		EffectFailedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.EffectFailed.class, intake);
		}
	}

	@Component
	static final class AccessRequestChangedWebhooks extends WebhookConsumer<outbox.catalog.AccessRequestChanged> {
		AccessRequestChangedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.AccessRequestChanged.class, intake);
		}
	}

	@Component
	static final class RunStartedWebhooks extends WebhookConsumer<outbox.catalog.RunStarted> {
		RunStartedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.RunStarted.class, intake);
		}
	}

	@Component
	static final class StageDecidedWebhooks extends WebhookConsumer<outbox.catalog.StageDecided> {
		StageDecidedWebhooks(WebhookIntake intake) {
			super(outbox.catalog.StageDecided.class, intake);
		}
	}
}
