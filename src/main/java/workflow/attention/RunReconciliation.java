package workflow.attention;

import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import platform.TenantTransactions;
import workflow.Run;
import workflow.engine.ExecutionProbe;
import workflow.engine.ExecutionProbe.ExecutionState;
import workflow.store.RunRepository;

/**
 * Finds what the workflow cannot report itself: a run the projection says is live (or started
 * and not yet at its first stage) whose execution closed (failed, terminated, timed out, or
 * completed without finishing the run) or is missing (its history was lost) needs attention.
 * The engine is asked outside any transaction; the mark is fenced on the run still being live.
 */
@Service
public class RunReconciliation {

	private static final Logger log = LoggerFactory.getLogger(RunReconciliation.class);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final ExecutionProbe probe;

	RunReconciliation(TenantTransactions transactions, RunRepository runs, ExecutionProbe probe) {
		this.transactions = transactions;
		this.runs = runs;
		this.probe = probe;
	}

	/**
	 * Runs of the tenant with an execution that should be live, started before {@code startedBefore},
	 * least recently checked first.
	 */
	public List<Run> due(String tenantId, Instant startedBefore, int limit) {
		return transactions.readInTenant(tenantId, () -> runs.liveStartedBefore(startedBefore, limit));
	}

	/** Checks one run's execution; true when the run now needs attention. */
	public boolean check(String tenantId, Run run, Instant now) {
		ExecutionState state = probe.state(run.workflowId());
		return transactions.inTenant(tenantId, () -> {
			runs.markReconciled(run.id(), now);
			if (state.kind() == ExecutionState.Kind.RUNNING) {
				return false;
			}
			String reason = state.kind() == ExecutionState.Kind.MISSING
					? "Its workflow execution " + run.workflowId() + " no longer exists in Temporal (history lost?)"
					: "Its workflow execution " + run.workflowId() + " is " + state.detail() + " while the run is "
							+ run.status().value();
			boolean marked = runs.markNeedsAttention(run.id(), reason,
					"reconciliation at " + now + " found execution " + (state.executionId() == null ? run.executionId()
							: state.executionId()) + " " + state.detail(), now);
			if (marked) {
				log.warn("Run {} needs attention: {}", run.id(), reason);
			}
			return marked;
		});
	}
}
