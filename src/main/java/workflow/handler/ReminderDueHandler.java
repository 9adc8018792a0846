package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEventHandler;
import workflow.run.StageReminders;

/** {@code workflow.stage.reminder_due} → record (and log) the reminder once. */
@Component
class ReminderDueHandler implements OutboxEventHandler {

	private final StageReminders reminders;

	ReminderDueHandler(StageReminders reminders) {
		this.reminders = reminders;
	}

	@Override
	public String eventType() {
		return EventTypes.WORKFLOW_STAGE_REMINDER_DUE;
	}

	@Override
	public void handle(DeliveredEvent event) {
		reminders.record(event);
	}
}
