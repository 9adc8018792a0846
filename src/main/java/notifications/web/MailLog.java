package notifications.web;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Service;

import notifications.delivery.MailDispatcher;
import notifications.store.Notification;
import notifications.store.NotificationFilter;
import notifications.store.NotificationRepository;
import platform.Cursors;
import platform.DomainException;
import platform.Page;
import platform.TenantTransactions;

/** The tenant's notifications for the Mail page and the admin API, newest first, and the retry of a failed one. */
@Service
class MailLog {

	private final TenantTransactions transactions;
	private final NotificationRepository notifications;
	private final MailDispatcher dispatcher;
	private final Clock clock;

	MailLog(TenantTransactions transactions, NotificationRepository notifications, MailDispatcher dispatcher, Clock clock) {
		this.transactions = transactions;
		this.notifications = notifications;
		this.dispatcher = dispatcher;
		this.clock = clock;
	}

	/** One page of the tenant's notifications matching {@code filter}, newest first, {@code limit} a page. */
	Page<Notification> list(String tenantId, NotificationFilter filter, String cursor, int limit) {
		Long before = Cursors.decode(cursor, parts -> Long.parseLong(parts.get(0)));
		List<Notification> rows = transactions.readInTenant(tenantId,
				() -> notifications.list(filter, before, limit + 1));
		return Page.of(rows, limit, notification -> Cursors.encode(notification.position()));
	}

	/** Sends a failed notification again (a fresh retry budget); a conflict unless it is failed. */
	void retry(String tenantId, UUID id) {
		if (!transactions.inTenant(tenantId, () -> notifications.retry(id, clock.instant()))) {
			throw new DomainException.Conflict("the notification is not failed");
		}
		dispatcher.wake();
	}
}
