package notifications.intake;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import notifications.NotificationKind;
import notifications.NotificationStatus;
import notifications.delivery.MailDispatcher;
import notifications.delivery.MailTransport;
import notifications.store.NewNotification;
import notifications.store.NotificationRepository;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageActivated;

/**
 * {@link StageActivated} → one "approval needed" mail per assignee (a delegate is told for whom),
 * written in the dispatcher's transaction: the rows and the event's delivery commit together, and a
 * redelivered event finds its rows there (one per event, recipient and kind) and adds none.
 */
@Component
class StageActivatedHandler implements OutboxEventHandler<StageActivated> {

	private static final DateTimeFormatter DUE = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm 'UTC'")
		.withZone(ZoneOffset.UTC);

	private final NotificationRepository notifications;
	private final Recipients recipients;
	private final MailTemplates templates;
	private final MailLinks links;
	private final MailTransport transport;
	private final MailDispatcher dispatcher;
	private final Clock clock;

	StageActivatedHandler(NotificationRepository notifications, Recipients recipients, MailTemplates templates,
			MailLinks links, MailTransport transport, MailDispatcher dispatcher, Clock clock) {
		this.notifications = notifications;
		this.recipients = recipients;
		this.templates = templates;
		this.links = links;
		this.transport = transport;
		this.dispatcher = dispatcher;
		this.clock = clock;
	}

	@Override
	public Class<StageActivated> eventType() {
		return StageActivated.class;
	}

	@Override
	public void handle(StageActivated stage, Delivery delivery) {
		String tenantName = recipients.tenantName(delivery.tenantId());
		String subject = Subjects.of("[" + tenantName + "] Approval needed: " + stage.stageTitle() + " for "
				+ stage.employeeName());
		boolean added = false;
		for (String assignee : stage.assignees()) {
			Recipients.Recipient recipient = recipients.of(assignee);
			Map<String, Object> model = new HashMap<>();
			model.put("tenantName", tenantName);
			model.put("recipientName", recipient.displayName());
			model.put("employeeName", stage.employeeName());
			model.put("stageTitle", stage.stageTitle());
			model.put("definition", stage.definition() == null ? null : stage.definition().value());
			model.put("grants", stage.grants());
			model.put("due", stage.dueAt() == null ? null : DUE.format(stage.dueAt()));
			model.put("onBehalfOf", stage.delegatedFor().get(assignee));
			model.put("link", links.to("/runs/{id}", stage.runId()));
			MailTemplates.Rendered body = templates.render("stage-assigned", model);
			NotificationStatus status = recipient.skippedBecause() != null ? NotificationStatus.SKIPPED
					: transport.configured() ? NotificationStatus.PENDING : NotificationStatus.NOT_CONFIGURED;
			added |= notifications.add(new NewNotification(delivery.idempotencyKey(), delivery.eventId(), delivery.type(),
					NotificationKind.STAGE_ASSIGNED, assignee, recipient.email(), subject, body.text(), body.html(), status,
					recipient.skippedBecause()), clock.instant()) && status == NotificationStatus.PENDING;
		}
		if (added) {
			wakeAfterCommit();
		}
	}

	/** The sender looks for the new rows once they are committed (its poll would find them later). */
	private void wakeAfterCommit() {
		if (TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
				@Override
				public void afterCommit() {
					dispatcher.wake();
				}
			});
		}
		else {
			dispatcher.wake();
		}
	}
}
