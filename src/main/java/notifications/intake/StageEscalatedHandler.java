package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageEscalated;

/** {@link StageEscalated} → one mail per escalation target: the stage escalated to them (and they may decide it). */
@Component
class StageEscalatedHandler implements OutboxEventHandler<StageEscalated> {

	private final NotificationWriter writer;
	private final MailLinks links;

	StageEscalatedHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<StageEscalated> eventType() {
		return StageEscalated.class;
	}

	@Override
	public void handle(StageEscalated escalated, Delivery delivery) {
		String tenantName = writer.tenantName(delivery);
		String subject = "[" + tenantName + "] Escalated to you: " + escalated.stageTitle() + " for "
				+ escalated.employeeName();
		for (String target : escalated.targets()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", escalated.employeeName());
			model.put("stageTitle", escalated.stageTitle());
			model.put("reason", escalated.reason());
			model.put("added", escalated.addedAsApprovers());
			model.put("link", links.to("/runs/{id}", escalated.runId()));
			writer.write(delivery, NotificationKind.STAGE_ESCALATED, target, tenantName, subject, "stage-escalated", model);
		}
	}
}
