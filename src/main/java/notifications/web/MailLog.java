package notifications.web;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Service;

import notifications.NotificationStatus;
import notifications.delivery.MailDispatcher;
import notifications.store.Notification;
import notifications.store.NotificationRepository;
import platform.Cursors;
import platform.DomainException;
import platform.LowerCaseName;
import platform.Page;
import platform.TenantTransactions;

/** The tenant's notifications for the Mail page, newest first, and the retry of a failed one. */
@Service
class MailLog {

	static final int PAGE_SIZE = 50;

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

	/** A status of the filter; a value that is none is the caller's mistake (400 naming {@code status}). */
	static NotificationStatus status(String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		if (!LowerCaseName.values(NotificationStatus.class).contains(value)) {
			throw new DomainException.InvalidInput("status", "is not one of " + LowerCaseName.values(NotificationStatus.class));
		}
		return LowerCaseName.parse(NotificationStatus.class, value);
	}

	Page<Notification> list(String tenantId, NotificationStatus status, String cursor) {
		Long before = Cursors.decode(cursor, parts -> Long.parseLong(parts.get(0)));
		List<Notification> rows = transactions.readInTenant(tenantId,
				() -> notifications.list(status, before, PAGE_SIZE + 1));
		if (rows.size() <= PAGE_SIZE) {
			return new Page<>(rows, null);
		}
		List<Notification> page = rows.subList(0, PAGE_SIZE);
		return new Page<>(List.copyOf(page), Cursors.encode(page.get(PAGE_SIZE - 1).position()));
	}

	/** Sends a failed notification again (a fresh retry budget); a conflict unless it is failed. */
	void retry(String tenantId, UUID id) {
		if (!transactions.inTenant(tenantId, () -> notifications.retry(id, clock.instant()))) {
			throw new DomainException.Conflict("the notification is not failed");
		}
		dispatcher.wake();
	}
}
