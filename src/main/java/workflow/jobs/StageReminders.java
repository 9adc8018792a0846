package workflow.jobs;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.catalog.StageEscalationWarning;
import outbox.catalog.StageReminderDue;
import platform.TenantTransactions;
import workflow.EscalationPolicy;
import workflow.ReminderCadence;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.StageStatus;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * Reminders, escalation warnings and escalations of active stages, as their definition set them
 * ({@link ReminderCadence}, {@link EscalationPolicy}). Each look at a stage happens with its run
 * and stage rows locked, publishes what became due through the outbox and records it on the stage
 * in the same transaction, and sets when to look next ({@code nudge_at}): a job that runs twice,
 * or crashes half-way, sends each reminder (per stage, round and number), each warning and each
 * escalation once. A job that was late sends the latest due reminder only, not a burst of the ones
 * it missed, and a warning only while the escalation is still ahead.
 */
@Service
public class StageReminders {

	private static final Logger log = LoggerFactory.getLogger(StageReminders.class);

	static final Duration RECHECK = Duration.ofHours(1);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final OutboxPublisher outbox;
	private final StageEscalation escalation;

	StageReminders(TenantTransactions transactions, RunRepository runs, StageRepository stages, OutboxPublisher outbox,
			StageEscalation escalation) {
		this.transactions = transactions;
		this.runs = runs;
		this.stages = stages;
		this.outbox = outbox;
		this.escalation = escalation;
	}

	/** Active stages of the tenant with something that may be due at {@code now}. */
	public List<UUID> due(String tenantId, Instant now, int limit) {
		return transactions.readInTenant(tenantId, () -> stages.dueNudges(now, limit));
	}

	/** Sends what is due for the stage at {@code now} and records it; nothing when another look did. */
	public void nudge(String tenantId, UUID stageId, Instant now) {
		transactions.runInTenant(tenantId, () -> {
			UUID runId = stages.find(stageId).map(Stage::runId).orElse(null);
			Run run = runId == null ? null : runs.lock(runId).orElse(null);
			Stage stage = stages.lock(stageId).orElse(null);
			if (stage == null) {
				return;
			}
			if (stage.status() != StageStatus.ACTIVE || stage.activatedAt() == null) {
				// closed: nothing more; blocked (stranded): the due query passes it over until it is active again
				if (stage.status() != StageStatus.BLOCKED) {
					stages.nudgeAt(stageId, null);
				}
				return;
			}
			if (run == null || run.status() != RunStatus.RUNNING) {
				// a run that needs attention may run again: look later, without starving the others
				stages.nudgeAt(stageId, now.plus(RECHECK));
				return;
			}
			remind(run, stage, now);
			EscalationPolicy policy = stage.escalation();
			if (policy != null && stage.escalatedAt() == null) {
				Instant escalatesAt = policy.escalatesAt(stage.activatedAt());
				if (!escalatesAt.isAfter(now)) {
					escalation.escalate(tenantId, run, stage, policy, now);
				}
				else if (stage.escalationWarnedAt() == null && policy.warnsAt(stage.activatedAt()) != null
						&& !policy.warnsAt(stage.activatedAt()).isAfter(now)) {
					warn(run, stage, policy, escalatesAt, now);
				}
			}
			stages.nudgeAt(stageId, next(stages.find(stageId).orElseThrow()));
		});
	}

	private void remind(Run run, Stage stage, Instant now) {
		ReminderCadence cadence = stage.cadence();
		if (cadence == null) {
			return;
		}
		int due = cadence.dueNumber(stage.activatedAt(), now);
		if (due <= stage.remindersSent()) {
			return;
		}
		Instant slaDue = stage.dueAt();
		long overdueHours = slaDue == null || slaDue.isAfter(now) ? 0 : Duration.between(slaDue, now).toHours();
		outbox.publish(new StageReminderDue(run.id(), stage.id(), stage.round(), stage.name(), stage.assignees(), overdueHours,
				due, cadence.count(), title(stage), run.employeeName(), stage.delegatedFor(),
				slaDue));
		stages.recordReminder(stage.id(), stage.round(), due, now);
		log.info("Reminder {} of stage {} of run {} sent to {}", due, stage.name(), run.id(), stage.assignees());
	}

	private void warn(Run run, Stage stage, EscalationPolicy policy, Instant escalatesAt, Instant now) {
		outbox.publish(new StageEscalationWarning(run.id(), stage.id(), stage.round(), title(stage), run.employeeName(),
				stage.assignees(), stage.delegatedFor(), escalatesAt, StageEscalation.target(policy)));
		stages.recordEscalationWarning(stage.id(), stage.round(), now);
	}

	/** When the stage's next reminder, warning or escalation is due after what it has had; null when none is. */
	static Instant next(Stage stage) {
		if (stage.status() != StageStatus.ACTIVE || stage.activatedAt() == null) {
			return null;
		}
		ReminderCadence cadence = stage.cadence();
		Instant reminder = cadence == null || stage.remindersSent() >= cadence.count() ? null
				: cadence.dueAt(stage.activatedAt(), stage.remindersSent() + 1);
		EscalationPolicy policy = stage.escalation();
		Instant warning = policy == null || stage.escalatedAt() != null || stage.escalationWarnedAt() != null ? null
				: policy.warnsAt(stage.activatedAt());
		Instant escalation = policy == null || stage.escalatedAt() != null ? null : policy.escalatesAt(stage.activatedAt());
		return Stream.of(reminder, warning, escalation).filter(at -> at != null).min(Instant::compareTo).orElse(null);
	}

	static String title(Stage stage) {
		return stage.title() == null ? stage.name() : stage.title();
	}
}
