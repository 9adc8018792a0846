package notifications.ports;

import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import notifications.store.NotificationRepository;
import platform.TenantTransactions;
import workflow.NotifyStageMail;

/** Answers the run page: what its "Notify" stages sent, from the {@code notifications} table. */
@Component
class RunPageNotifyMail implements NotifyStageMail {

	private final TenantTransactions transactions;
	private final NotificationRepository notifications;

	RunPageNotifyMail(TenantTransactions transactions, NotificationRepository notifications) {
		this.transactions = transactions;
		this.notifications = notifications;
	}

	@Override
	public List<SentMail> ofRun(String tenantId, UUID runId) {
		return transactions.readInTenant(tenantId, () -> notifications.ofNotifyStages(runId)
			.stream()
			.map(mail -> new SentMail(mail.id(), mail.stageId(), mail.recipient(), mail.status().value(), mail.sentAt()))
			.toList());
	}
}
