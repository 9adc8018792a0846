package notifications.intake;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;

/**
 * What the module itself tells the tenant's admins, outside any outbox event: a webhook endpoint
 * that failed for too long was disabled. Call inside the tenant's unit of work that recorded it; one
 * mail per admin and disabling.
 */
@Component
public class AdminNotices {

	static final String ENDPOINT_DISABLED = "notifications.webhook.disabled";

	private final NotificationWriter writer;
	private final Recipients recipients;
	private final MailLinks links;

	AdminNotices(NotificationWriter writer, Recipients recipients, MailLinks links) {
		this.writer = writer;
		this.recipients = recipients;
		this.links = links;
	}

	/** Endpoint {@code endpointId} of {@code tenantId}, at {@code url}, was disabled at {@code disabledAt}. */
	public void endpointDisabled(String tenantId, UUID endpointId, String url, String reason, Instant disabledAt) {
		String tenantName = recipients.tenantName(tenantId);
		String subject = "[" + tenantName + "] Webhook endpoint disabled: " + url;
		NotificationWriter.Source source = new NotificationWriter.Source(tenantId,
				ENDPOINT_DISABLED + ":" + endpointId + ":" + disabledAt, endpointId, ENDPOINT_DISABLED);
		for (String admin : recipients.admins()) {
			Map<String, Object> model = new HashMap<>();
			model.put("url", url);
			model.put("reason", reason);
			model.put("link", links.to("/admin/webhooks/{id}", endpointId));
			writer.write(source, NotificationKind.WEBHOOK_DISABLED, null, null, admin, tenantName, subject,
					"webhook-disabled", model);
		}
	}
}
