package notifications.intake;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import notifications.NotificationChoice;
import notifications.NotificationKind;
import notifications.NotificationStatus;
import notifications.delivery.MailDispatcher;
import notifications.delivery.MailTransport;
import notifications.preferences.NotificationPreferences;
import notifications.preferences.UnsubscribeTokens;
import notifications.store.NewNotification;
import notifications.store.NotificationRepository;
import outbox.Delivery;

/**
 * Writes the notification of one event for one recipient, in the handler's transaction: looks the
 * user up, renders the template pair with the tenant's name and the recipient's, and adds the row
 * unless the (event, recipient, kind) has one, so a redelivered event adds none. The recipient's
 * preference decides here, once for every kind: off is recorded as skipped (with the reason), digest
 * as digested (the daily digest sends it); a disabled or unknown user gets nothing either. The sender
 * is woken once the rows are committed.
 */
@Component
class NotificationWriter {

	/** Where users choose which mails they get (linked from every mail's footer). */
	static final String PREFERENCES_PAGE = "/me/notifications";

	private final NotificationRepository notifications;
	private final Recipients recipients;
	private final MailTemplates templates;
	private final MailTransport transport;
	private final MailDispatcher dispatcher;
	private final NotificationPreferences preferences;
	private final UnsubscribeTokens unsubscribe;
	private final MailLinks links;
	private final Clock clock;

	NotificationWriter(NotificationRepository notifications, Recipients recipients, MailTemplates templates,
			MailTransport transport, MailDispatcher dispatcher, NotificationPreferences preferences,
			UnsubscribeTokens unsubscribe, MailLinks links, Clock clock) {
		this.notifications = notifications;
		this.recipients = recipients;
		this.templates = templates;
		this.transport = transport;
		this.dispatcher = dispatcher;
		this.preferences = preferences;
		this.unsubscribe = unsubscribe;
		this.links = links;
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
		write(new Source(delivery.tenantId(), delivery.idempotencyKey(), delivery.eventId(), delivery.type()), kind, runId,
				stageId, username, tenantName, subject, template, model);
	}

	/**
	 * What a notification comes from: an outbox event, or something the module itself saw happen
	 * (a webhook endpoint disabled), named by a key unique per occurrence so it is written once.
	 */
	record Source(String tenantId, String key, UUID id, String type) {
	}

	void write(Source delivery, NotificationKind kind, UUID runId, UUID stageId, String username, String tenantName,
			String subject, String template, Map<String, Object> model) {
		Recipients.Recipient recipient = recipients.of(username);
		NotificationChoice choice = preferences.choiceOf(username, kind);
		String unsubscribeUrl = unsubscribe.issue(delivery.tenantId(), username, kind)
			.map(token -> links.to("/unsubscribe?token={token}", token))
			.orElse(null);
		Map<String, Object> variables = new HashMap<>(model);
		variables.put("tenantName", tenantName);
		variables.put("recipientName", recipient.displayName());
		variables.put("preferencesLink", links.to(PREFERENCES_PAGE));
		variables.put("unsubscribeLink", unsubscribeUrl);
		MailTemplates.Rendered body = templates.render(template, variables);
		String reason = recipient.skippedBecause() != null ? recipient.skippedBecause()
				: choice == NotificationChoice.OFF ? "the recipient turned " + kind.value() + " mails off" : null;
		NotificationStatus status = reason != null ? NotificationStatus.SKIPPED
				: choice == NotificationChoice.DIGEST ? NotificationStatus.DIGESTED
						: transport.configured() ? NotificationStatus.PENDING : NotificationStatus.NOT_CONFIGURED;
		boolean added = notifications.add(new NewNotification(delivery.key(), delivery.id(), delivery.type(), kind, username, recipient.email(), Subjects.of(subject), body.text(), body.html(), status,
				reason, runId, stageId, model.get("link") instanceof String link ? link : null, unsubscribeUrl), clock.instant());
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
