package notifications.intake;

import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.AccessEnding;

/**
 * {@link AccessEnding} → an "access ends tomorrow" mail to the leaver's manager (nobody without
 * one), with the last day and the link to the leaver run (else the manager's inbox).
 */
@Component
class AccessEndingHandler implements OutboxEventHandler<AccessEnding> {

	static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM yyyy", Locale.ENGLISH);

	private final NotificationWriter writer;
	private final MailLinks links;

	AccessEndingHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<AccessEnding> eventType() {
		return AccessEnding.class;
	}

	@Override
	public void handle(AccessEnding leaver, Delivery delivery) {
		if (leaver.manager() == null) {
			return;
		}
		String tenantName = writer.tenantName(delivery);
		Map<String, Object> model = new HashMap<>();
		model.put("employeeName", leaver.displayName());
		model.put("lastDay", DAY.format(leaver.lastDay()));
		model.put("link", leaver.runId() == null ? links.to("/inbox") : links.to("/runs/{id}", leaver.runId()));
		writer.write(delivery, NotificationKind.ACCESS_ENDING, leaver.runId(), null, leaver.manager(), tenantName,
				"[" + tenantName + "] Access ends tomorrow: " + leaver.displayName(), "access-ending", model);
	}
}
