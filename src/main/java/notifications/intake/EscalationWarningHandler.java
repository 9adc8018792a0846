package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageEscalationWarning;

/** {@link StageEscalationWarning} → one warning mail per assignee: decide, or the stage escalates then. */
@Component
class EscalationWarningHandler implements OutboxEventHandler<StageEscalationWarning> {

	private final NotificationWriter writer;
	private final MailLinks links;

	EscalationWarningHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<StageEscalationWarning> eventType() {
		return StageEscalationWarning.class;
	}

	@Override
	public void handle(StageEscalationWarning warning, Delivery delivery) {
		String tenantName = writer.tenantName(delivery);
		String subject = "[" + tenantName + "] Escalates soon: " + warning.stageTitle() + " for " + warning.employeeName();
		for (String assignee : warning.assignees()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", warning.employeeName());
			model.put("stageTitle", warning.stageTitle());
			model.put("escalatesAt", StageActivatedHandler.DUE.format(warning.escalatesAt()));
			model.put("escalatesTo", warning.escalatesTo());
			model.put("onBehalfOf", warning.delegatedFor().get(assignee));
			model.put("link", links.to("/runs/{id}", warning.runId()));
			writer.write(delivery, NotificationKind.ESCALATION_WARNING, assignee, tenantName, subject, "escalation-warning",
					model);
		}
	}
}
