package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageReminderDue;

/** {@link StageReminderDue} → one reminder mail per assignee (a delegate is told for whom), once per reminder. */
@Component
class StageReminderHandler implements OutboxEventHandler<StageReminderDue> {

	private final NotificationWriter writer;
	private final MailLinks links;

	StageReminderHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<StageReminderDue> eventType() {
		return StageReminderDue.class;
	}

	@Override
	public void handle(StageReminderDue reminder, Delivery delivery) {
		String tenantName = writer.tenantName(delivery);
		String stageTitle = reminder.stageTitle() == null ? reminder.stageName() : reminder.stageTitle();
		String employee = reminder.employeeName() == null ? "an employee" : reminder.employeeName();
		String subject = "[" + tenantName + "] Reminder: " + stageTitle + " for " + employee;
		for (String assignee : reminder.assignees()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", employee);
			model.put("stageTitle", stageTitle);
			model.put("reminder", reminder.reminder());
			model.put("of", reminder.of());
			model.put("due", reminder.dueAt() == null ? null : StageActivatedHandler.DUE.format(reminder.dueAt()));
			model.put("overdueHours", reminder.overdueHours());
			model.put("onBehalfOf", reminder.delegatedFor().get(assignee));
			model.put("link", links.to("/runs/{id}", reminder.runId()));
			writer.write(delivery, NotificationKind.STAGE_REMINDER, assignee, tenantName, subject, "stage-reminder", model);
		}
	}
}
