package workflow.jobs;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.catalog.StageReminderDue;
import platform.TenantTransactions;
import workflow.Stage;
import workflow.StageStatus;
import workflow.store.StageRepository;

/**
 * SLA reminders: active stages past their {@code slaHours} get one {@code workflow.stage.reminder_due}
 * event per activation (keyed by stage and round), and its handler records the delivery once.
 */
@Service
public class StageReminders {

	private static final Logger log = LoggerFactory.getLogger(StageReminders.class);

	private final TenantTransactions transactions;
	private final StageRepository stages;
	private final OutboxPublisher outbox;

	StageReminders(TenantTransactions transactions, StageRepository stages, OutboxPublisher outbox) {
		this.transactions = transactions;
		this.stages = stages;
		this.outbox = outbox;
	}

	/** Active stages of the tenant past their SLA without a reminder yet. */
	public List<UUID> overdue(String tenantId, Instant now, int limit) {
		return transactions.readInTenant(tenantId,
				() -> stages.overdue(now, limit).stream().map(Stage::id).toList());
	}

	/** Publishes the stage's reminder once per activation (the key holds the round). */
	public void publish(String tenantId, UUID stageId, Instant now) {
		transactions.runInTenant(tenantId, () -> {
			Stage stage = stages.find(stageId).orElseThrow();
			if (stage.reminderPublishedAt() != null || stage.status() != StageStatus.ACTIVE || stage.dueAt() == null) {
				return;
			}
			outbox.publish(new StageReminderDue(stage.runId(), stage.id(), stage.round(), stage.name(), stage.assignees(),
					Duration.between(stage.dueAt(), now).toHours()));
			stages.markReminderPublished(stage.id());
		});
	}

	/** Records a delivered reminder; a re-delivery only logs. */
	public void record(String tenantId, StageReminderDue reminder) {
		transactions.runInTenant(tenantId, () -> {
			if (stages.markReminded(reminder.stageId())) {
				log.info("SLA reminder: stage {} of run {} is {}h overdue; assignees {}", reminder.stageName(),
						reminder.runId(), reminder.overdueHours(), reminder.assignees());
			}
			else {
				log.debug("Reminder for stage {} was already recorded", reminder.stageId());
			}
		});
	}
}
