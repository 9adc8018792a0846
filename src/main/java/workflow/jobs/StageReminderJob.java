package workflow.jobs;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.springframework.stereotype.Component;

import workflow.WorkflowProperties;

/**
 * Publishes a {@code workflow.stage.reminder_due} event for each active stage past its SLA, once
 * per activation ({@code reminder_published_at} and the event's idempotency key).
 */
@Component
class StageReminderJob extends TenantBatchJob<UUID> {

	static final String NAME = "workflow_stage_reminders";

	private final TenantScans scans;
	private final StageReminders reminders;
	private final int batchSize;

	StageReminderJob(TenantScans scans, StageReminders reminders, WorkflowProperties properties, Clock clock) {
		super(NAME, "published {} SLA reminder(s)", clock);
		this.scans = scans;
		this.reminders = reminders;
		this.batchSize = properties.jobs().batchSize();
	}

	@Override
	List<String> tenants(Instant now) {
		return scans.withOverdueStages(now);
	}

	@Override
	List<UUID> due(String tenant, Instant now) {
		return reminders.overdue(tenant, now, batchSize);
	}

	@Override
	void handle(String tenant, UUID stageId, Instant now) {
		reminders.publish(tenant, stageId, now);
	}
}
