package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.StageReminderDue;
import workflow.jobs.StageReminders;

/** {@link StageReminderDue} → record (and log) the reminder once. */
@Component
class ReminderDueHandler implements OutboxEventHandler<StageReminderDue> {

	private final StageReminders reminders;

	ReminderDueHandler(StageReminders reminders) {
		this.reminders = reminders;
	}

	@Override
	public Class<StageReminderDue> eventType() {
		return StageReminderDue.class;
	}

	@Override
	public void handle(StageReminderDue reminder, Delivery delivery) {
		reminders.record(delivery.tenantId(), reminder);
	}
}
