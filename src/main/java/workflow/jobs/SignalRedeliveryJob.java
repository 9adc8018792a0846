package workflow.jobs;

import java.time.Instant;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.Job;
import platform.TenantTransactions;
import workflow.Action;
import workflow.WorkflowProperties;
import workflow.decisions.SignalDelivery;
import workflow.projection.ActionRepository;

/**
 * Re-sends decision signals that were recorded but not delivered (the process crashed between
 * commit and send, or the engine was unreachable): {@code signal_sent_at} is the durable source.
 * The workflow ignores an action id it has already seen, so a re-send is harmless.
 */
@Component
class SignalRedeliveryJob implements Job {

	static final String NAME = "workflow_signal_redelivery";
	private static final Logger log = LoggerFactory.getLogger(SignalRedeliveryJob.class);

	private final TenantScans scans;
	private final TenantTransactions transactions;
	private final ActionRepository actions;
	private final SignalDelivery delivery;
	private final WorkflowProperties.Jobs settings;

	SignalRedeliveryJob(TenantScans scans, TenantTransactions transactions, ActionRepository actions,
			SignalDelivery delivery, WorkflowProperties properties) {
		this.scans = scans;
		this.transactions = transactions;
		this.actions = actions;
		this.delivery = delivery;
		this.settings = properties.jobs();
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public void run() {
		Instant before = Instant.now().minus(settings.signalRedeliveryDelay());
		int sent = TenantBatch.<Action>forEach(log, NAME, scans.withUnsentSignals(before),
				tenant -> transactions.readInTenant(tenant, () -> actions.unsent(before, settings.batchSize())),
				(tenant, action) -> {
					if (delivery.deliver(tenant, action)) {
						log.info("Re-sent the signal of action {} ({} on run {})", action.id(), action.action(), action.runId());
					}
				});
		log.debug("{}: {} action(s) handled", NAME, sent);
	}
}
