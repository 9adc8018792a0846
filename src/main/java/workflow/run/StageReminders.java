package workflow.run;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEvent;
import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import platform.TenantTransactions;

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
			if (stage.reminderPublishedAt() != null || !Stage.ACTIVE.equals(stage.status()) || stage.dueAt() == null) {
				return;
			}
			Map<String, Object> payload = new LinkedHashMap<>();
			payload.put("runId", stage.runId().toString());
			payload.put("stageId", stage.id().toString());
			payload.put("stageName", stage.name());
			payload.put("assignees", stage.assignees());
			payload.put("overdueHours", Duration.between(stage.dueAt(), now).toHours());
			outbox.publish(OutboxEvent.of(EventTypes.WORKFLOW_STAGE_REMINDER_DUE, stage.runId(),
					"reminder:" + stage.id() + ":" + stage.round(), payload));
			stages.markReminderPublished(stage.id());
		});
	}

	/** Records a delivered reminder; a re-delivery only logs. */
	public void record(DeliveredEvent event) {
		UUID stageId;
		try {
			stageId = event.uuid("stageId");
		}
		catch (IllegalArgumentException e) {
			throw new PermanentFailureException("Reminder " + event.id() + " has an invalid stageId", e);
		}
		if (stageId == null) {
			throw new PermanentFailureException("Reminder " + event.id() + " has no stageId");
		}
		transactions.runInTenant(event.tenantId(), () -> {
			if (stages.markReminded(stageId)) {
				log.info("SLA reminder: stage {} of run {} is {}h overdue; assignees {}", event.string("stageName"),
						event.string("runId"), event.string("overdueHours"), event.payload().get("assignees"));
			}
			else {
				log.debug("Reminder {} for stage {} was already recorded", event.id(), stageId);
			}
		});
	}
}
