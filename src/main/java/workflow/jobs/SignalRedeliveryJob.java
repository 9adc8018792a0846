package workflow.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

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
class SignalRedeliveryJob extends TenantBatchJob<Action> {

	static final String NAME = "workflow_signal_redelivery";
	private static final Logger log = LoggerFactory.getLogger(SignalRedeliveryJob.class);

	private final TenantScans scans;
	private final TenantTransactions transactions;
	private final ActionRepository actions;
	private final SignalDelivery delivery;
	private final Duration delay;
	private final int batchSize;

	SignalRedeliveryJob(TenantScans scans, TenantTransactions transactions, ActionRepository actions,
			SignalDelivery delivery, WorkflowProperties properties, Clock clock) {
		super(NAME, "handled {} undelivered action(s)", clock);
		this.scans = scans;
		this.transactions = transactions;
		this.actions = actions;
		this.delivery = delivery;
		this.delay = properties.jobs().signalRedeliveryDelay();
		this.batchSize = properties.jobs().batchSize();
	}

	@Override
	List<String> tenants(Instant now) {
		return scans.withUnsentSignals(now.minus(delay));
	}

	@Override
	List<Action> due(String tenant, Instant now) {
		return transactions.readInTenant(tenant, () -> actions.unsent(now.minus(delay), batchSize));
	}

	@Override
	void handle(String tenant, Action action, Instant now) {
		if (delivery.deliver(tenant, action)) {
			log.info("Re-sent the signal of action {} ({} on run {})", action.id(), action.action().value(),
					action.runId());
		}
	}
}
