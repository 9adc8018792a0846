package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageNotified;

/**
 * {@link StageNotified} → a "for your information" mail to each member of a "Notify" stage's
 * group, with the link to the run; the rows name the run and stage, so the run page lists who was
 * sent what and how it went.
 */
@Component
class StageNotifiedHandler implements OutboxEventHandler<StageNotified> {

	private final NotificationWriter writer;
	private final MailLinks links;

	StageNotifiedHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<StageNotified> eventType() {
		return StageNotified.class;
	}

	@Override
	public void handle(StageNotified stage, Delivery delivery) {
		String definition = RunWords.definition(stage.definition());
		String tenantName = writer.tenantName(delivery);
		String subject = "[" + tenantName + "] " + stage.stageTitle() + ": the " + definition + " for " + stage.employeeName();
		for (String recipient : stage.recipients()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", stage.employeeName());
			model.put("definition", definition);
			model.put("stageTitle", stage.stageTitle());
			model.put("link", links.to("/runs/{id}", stage.runId()));
			writer.write(delivery, NotificationKind.STAGE_NOTIFIED, stage.runId(), stage.stageId(), recipient, tenantName,
					subject, "stage-notified", model);
		}
	}
}
