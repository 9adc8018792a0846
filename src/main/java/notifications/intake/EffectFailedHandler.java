package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.EffectFailed;

/**
 * {@link EffectFailed} → a "provisioning failed" mail to each of the tenant's admins: which change
 * on which directory for whom, the last error as the run page shows it, and the link to the run,
 * where they retry the effect.
 */
@Component
class EffectFailedHandler implements OutboxEventHandler<EffectFailed> {

	private final NotificationWriter writer;
	private final Recipients recipients;
	private final MailLinks links;

	EffectFailedHandler(NotificationWriter writer, Recipients recipients, MailLinks links) {
		this.writer = writer;
		this.recipients = recipients;
		this.links = links;
	}

	@Override
	public Class<EffectFailed> eventType() {
		return EffectFailed.class;
	}

	@Override
	public void handle(EffectFailed effect, Delivery delivery) {
		String tenantName = writer.tenantName(delivery);
		String employee = effect.employeeName() == null ? "an employee" : effect.employeeName();
		String subject = "[" + tenantName + "] Provisioning failed: " + effect.operation() + " on " + effect.target()
				+ " for " + employee;
		for (String admin : recipients.admins()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", employee);
			model.put("grant", effect.grant());
			model.put("target", effect.target());
			model.put("operation", effect.operation());
			model.put("attempts", effect.attempts());
			model.put("error", effect.error());
			model.put("link", links.to("/runs/{id}", effect.runId()));
			writer.write(delivery, NotificationKind.EFFECT_FAILED, effect.runId(), null, admin, tenantName, subject,
					"effect-failed", model);
		}
	}
}
