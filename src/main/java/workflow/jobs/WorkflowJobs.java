package workflow.jobs;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.Job;
import jobs.JobNames;
import jobs.TenantBatchJob;
import platform.TenantSuspensions;
import platform.TenantTransactions;
import workflow.Action;
import workflow.WorkflowProperties;
import workflow.attention.RunReconciliation;
import workflow.decisions.SignalDelivery;
import workflow.start.RunRequests;
import workflow.store.ActionRepository;

/**
 * The workflow's jobs, each a {@link TenantBatchJob} over its durable source; suspended tenants are
 * left out of every round until they are resumed.
 */
@Configuration(proxyBeanMethods = false)
class WorkflowJobs {

	static final String PREHIRE_START = "workflow_prehire_start";
	static final String STAGE_REMINDERS = "workflow_stage_reminders";
	static final String SIGNAL_REDELIVERY = "workflow_signal_redelivery";
	static final String RECONCILE = "workflow_reconcile";

	private static final Logger log = LoggerFactory.getLogger(WorkflowJobs.class);

	/** The workflow's jobs, for the closed set of job metric labels. */
	@Bean
	JobNames workflowJobNames() {
		return JobNames.of(PREHIRE_START, STAGE_REMINDERS, SIGNAL_REDELIVERY, RECONCILE);
	}

	/**
	 * Requests the start of joiner runs that waited for their pre-hire moment (see
	 * {@code WORKFLOW_PREHIRE_LEAD_DAYS}); the run rows ({@code start_not_before},
	 * {@code start_requested_at}) are the durable source, the start request's key makes it once.
	 */
	@Bean
	Job prehireStartJob(TenantScans scans, TenantSuspensions suspensions, RunRequests requests, WorkflowProperties properties, Clock clock) {
		int batchSize = properties.jobs().batchSize();
		return TenantBatchJob.<UUID>eachItem(PREHIRE_START, "requested the start of {} pre-hire run(s)", clock,
				now -> suspensions.active(scans.withDueStarts(now)), (tenant, now) -> requests.dueStarts(tenant, now, batchSize),
				(tenant, runId, now) -> requests.startWaiting(tenant, runId));
	}

	/**
	 * Sends the reminders, escalation warnings and escalations that came due on active stages
	 * ({@code nudge_at}, each stage looked at under its lock; see {@link StageReminders}).
	 */
	@Bean
	Job stageReminderJob(TenantScans scans, TenantSuspensions suspensions, StageReminders reminders, WorkflowProperties properties, Clock clock) {
		int batchSize = properties.jobs().batchSize();
		return TenantBatchJob.<UUID>eachItem(STAGE_REMINDERS, "looked at {} stage(s) with reminders or escalation due", clock,
				now -> suspensions.active(scans.withOverdueStages(now)), (tenant, now) -> reminders.due(tenant, now, batchSize),
				reminders::nudge);
	}

	/**
	 * Re-sends decision signals that were recorded but not delivered (the process crashed between
	 * commit and send, or the engine was unreachable): {@code signal_sent_at} is the durable source.
	 * The workflow ignores an action id it has already seen, so a re-send is harmless. Each action
	 * backs off on its own ({@code next_signal_at}) and becomes undeliverable after the attempt cap;
	 * the due ones go oldest-due first, so failing actions never hide a newer one.
	 */
	@Bean
	Job signalRedeliveryJob(TenantScans scans, TenantSuspensions suspensions, TenantTransactions transactions, ActionRepository actions,
			SignalDelivery delivery, WorkflowProperties properties, Clock clock) {
		Duration delay = properties.jobs().signalRedeliveryDelay();
		int batchSize = properties.jobs().batchSize();
		return TenantBatchJob.<Action>eachItem(SIGNAL_REDELIVERY, "handled {} undelivered action(s)", clock,
				now -> suspensions.active(scans.withDueSignals(now, now.minus(delay))),
				(tenant, now) -> transactions.readInTenant(tenant, () -> actions.dueSignals(now, now.minus(delay), batchSize)),
				(tenant, action, now) -> {
					if (delivery.deliver(tenant, action)) {
						log.info("Re-sent the signal of action {} ({} on run {})", action.id(), action.action().value(),
								action.runId());
					}
				});
	}

	/**
	 * Compares the live runs with their executions ({@code WORKFLOW_RECONCILE_INTERVAL}): a run
	 * whose execution closed or vanished while the projection says running, returned or requested
	 * (started, not yet at its first stage) needs attention. Each tenant's round goes through all its
	 * live runs in batches, least recently checked first ({@code reconciled_at} is the durable
	 * cursor), with a bounded pool of describe calls; see {@link RunReconciliation}.
	 */
	@Bean
	Job reconcileJob(TenantScans scans, TenantSuspensions suspensions, RunReconciliation reconciliation, Clock clock) {
		return TenantBatchJob.perTenant(RECONCILE, "checked {} live run(s) against their executions", clock,
				now -> suspensions.active(scans.withLiveRuns(now)), reconciliation::reconcile);
	}
}
