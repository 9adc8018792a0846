package notifications.intake;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

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

/**
 * Writes the notification of one event for one recipient, in the handler's transaction: looks the
 * user up, renders the template pair with the tenant's name and the recipient's, and adds the row
 * unless the (event, recipient, kind) has one, so a redelivered event adds none. The sender is
 * woken once the rows are committed.
 */
@Component
class NotificationWriter {

	private final NotificationRepository notifications;
	private final Recipients recipients;
	private final MailTemplates templates;
	private final MailTransport transport;
	private final MailDispatcher dispatcher;
	private final Clock clock;

	NotificationWriter(NotificationRepository notifications, Recipients recipients, MailTemplates templates,
			MailTransport transport, MailDispatcher dispatcher, Clock clock) {
		this.notifications = notifications;
		this.recipients = recipients;
		this.templates = templates;
		this.transport = transport;
		this.dispatcher = dispatcher;
		this.clock = clock;
	}

	String tenantName(Delivery delivery) {
		return recipients.tenantName(delivery.tenantId());
	}

	/** The mail of {@code template} for {@code username}; {@code model} gets the recipient's name and the tenant's. */
	void write(Delivery delivery, NotificationKind kind, String username, String tenantName, String subject,
			String template, Map<String, Object> model) {
		write(delivery, kind, null, null, username, tenantName, subject, template, model);
	}

	/** Like {@link #write(Delivery, NotificationKind, String, String, String, String, Map)}, about run {@code runId} and its stage {@code stageId}. */
	void write(Delivery delivery, NotificationKind kind, UUID runId, UUID stageId, String username, String tenantName,
			String subject, String template, Map<String, Object> model) {
		Recipients.Recipient recipient = recipients.of(username);
		Map<String, Object> variables = new HashMap<>(model);
		variables.put("tenantName", tenantName);
		variables.put("recipientName", recipient.displayName());
		MailTemplates.Rendered body = templates.render(template, variables);
		NotificationStatus status = recipient.skippedBecause() != null ? NotificationStatus.SKIPPED
				: transport.configured() ? NotificationStatus.PENDING : NotificationStatus.NOT_CONFIGURED;
		boolean added = notifications.add(new NewNotification(delivery.idempotencyKey(), delivery.eventId(),
				delivery.type(), kind, username, recipient.email(), Subjects.of(subject), body.text(), body.html(), status,
				recipient.skippedBecause(), runId, stageId), clock.instant());
		if (added && status == NotificationStatus.PENDING) {
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
