package workflow.decisions;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import platform.TenantTransactions;
import workflow.Action;
import workflow.ActionOutcome;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.DecisionSignal;
import workflow.engine.OrchestratorException;
import workflow.projection.ActionRepository;

/**
 * Sends a recorded action to the run's process, outside any transaction, and records the
 * outcome: {@code signal_sent_at} on delivery, the error otherwise (the redelivery job retries),
 * or "ignored" when the process no longer runs.
 */
@Service
public class SignalDelivery {

	private static final Logger log = LoggerFactory.getLogger(SignalDelivery.class);

	private final TenantTransactions transactions;
	private final ActionRepository actions;
	private final Orchestrator orchestrator;

	SignalDelivery(TenantTransactions transactions, ActionRepository actions, Orchestrator orchestrator) {
		this.transactions = transactions;
		this.actions = actions;
		this.orchestrator = orchestrator;
	}

	/** True when the signal was delivered. Never throws: an undelivered action stays for the job. */
	public boolean deliver(String tenantId, Action action) {
		try {
			orchestrator.signal(new DecisionSignal(tenantId, action.runId(), new Decision(action.id(), action.action(),
					action.stageId(), action.round(), action.actor())));
		}
		catch (OrchestratorException e) {
			if (e.kind() == OrchestratorException.Kind.NOT_RUNNING) {
				record(tenantId, action, () -> actions.settleUndelivered(action.id(), ActionOutcome.IGNORED,
						"the run's workflow is no longer running"));
			}
			else {
				log.warn("Signal of action {} (run {}) not delivered, will be re-sent: {}", action.id(), action.runId(),
						e.getMessage());
				record(tenantId, action, () -> actions.recordSignalFailure(action.id(), e.getMessage()));
			}
			return false;
		}
		record(tenantId, action, () -> actions.markSignalSent(action.id()));
		return true;
	}

	private void record(String tenantId, Action action, Runnable write) {
		try {
			transactions.runInTenant(tenantId, write);
		}
		catch (RuntimeException e) {
			// the action row is durable; the redelivery job or the workflow's settle fixes this later
			log.warn("Could not record the signal state of action {}: {}", action.id(), e.getMessage());
		}
	}
}
