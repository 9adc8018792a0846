package workflow.jobs;

import java.time.Instant;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.Job;
import workflow.WorkflowProperties;

/**
 * Publishes a {@code workflow.stage.reminder_due} event for each active stage past its SLA, once
 * per activation ({@code reminder_published_at} and the event's idempotency key).
 */
@Component
class StageReminderJob implements Job {

	static final String NAME = "workflow_stage_reminders";
	private static final Logger log = LoggerFactory.getLogger(StageReminderJob.class);

	private final TenantScans scans;
	private final StageReminders reminders;
	private final int batchSize;

	StageReminderJob(TenantScans scans, StageReminders reminders, WorkflowProperties properties) {
		this.scans = scans;
		this.reminders = reminders;
		this.batchSize = properties.jobs().batchSize();
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		Instant now = Instant.now();
		int published = TenantBatch.<UUID>forEach(log, NAME, scans.withOverdueStages(now),
				tenant -> reminders.overdue(tenant, now, batchSize), (tenant, stageId) -> reminders.publish(tenant, stageId, now));
		if (published > 0) {
			log.info("{}: published {} SLA reminder(s)", NAME, published);
		}
	}
}
