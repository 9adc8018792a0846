package notifications.intake;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageActivated;

/**
 * {@link StageActivated} → one "approval needed" mail per assignee (a delegate is told for whom),
 * written in the dispatcher's transaction: the rows and the event's delivery commit together, and a
 * redelivered event finds its rows there (one per event, recipient and kind) and adds none.
 */
@Component
class StageActivatedHandler implements OutboxEventHandler<StageActivated> {

	static final DateTimeFormatter DUE = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm 'UTC'", java.util.Locale.ENGLISH)
		.withZone(ZoneOffset.UTC);

	private final NotificationWriter writer;
	private final MailLinks links;

	StageActivatedHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<StageActivated> eventType() {
		return StageActivated.class;
	}

	@Override
	public void handle(StageActivated stage, Delivery delivery) {
		String tenantName = writer.tenantName(delivery);
		String subject = "[" + tenantName + "] Approval needed: " + stage.stageTitle() + " for " + stage.employeeName();
		for (String assignee : stage.assignees()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", stage.employeeName());
			model.put("stageTitle", stage.stageTitle());
			model.put("definition", stage.definition() == null ? null : stage.definition().value());
			model.put("grants", stage.grants());
			model.put("due", stage.dueAt() == null ? null : DUE.format(stage.dueAt()));
			model.put("onBehalfOf", stage.delegatedFor().get(assignee));
			model.put("link", links.to("/runs/{id}", stage.runId()));
			writer.write(delivery, NotificationKind.STAGE_ASSIGNED, assignee, tenantName, subject, "stage-assigned", model);
		}
	}
}
