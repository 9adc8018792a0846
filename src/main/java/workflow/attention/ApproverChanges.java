package workflow.attention;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.catalog.ApproversChanged;
import platform.TenantTransactions;
import workflow.BlockedStage;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.DecisionSignal;
import workflow.engine.OrchestratorException;
import workflow.store.StageRepository;

/**
 * Blocked stages wake when what blocks them may be fixed: a change of who may approve announces
 * itself ({@link #announce}, an {@link ApproversChanged} in the change's transaction), and its
 * handler first has the open stages re-evaluated ({@link StrandedStages}: one nobody can decide
 * any more shows blocked, a stranded one somebody can decide again is active), then asks every
 * blocked stage of the tenant to try to activate again now ({@link #wakeBlockedStages}); a stage
 * that is still blocked waits for its timer again, which stays the fallback.
 */
@Service
public class ApproverChanges {

	private static final Logger log = LoggerFactory.getLogger(ApproverChanges.class);
	static final int WAKE_LIMIT = 500;

	private final OutboxPublisher outbox;
	private final TenantTransactions transactions;
	private final StageRepository stages;
	private final Orchestrator orchestrator;
	private final StrandedStages stranded;

	ApproverChanges(OutboxPublisher outbox, TenantTransactions transactions, StageRepository stages,
			Orchestrator orchestrator, StrandedStages stranded) {
		this.stranded = stranded;
		this.outbox = outbox;
		this.transactions = transactions;
		this.stages = stages;
		this.orchestrator = orchestrator;
	}

	/** Inside the tenant unit of work of the change. */
	public void announce(String cause) {
		outbox.publish(new ApproversChanged(UUID.randomUUID(), cause));
	}

	/** {@link #announce(String)} of a change that concerns only the stages assigned to {@code users} or {@code groups}. */
	public void announce(String cause, Set<String> users, Set<String> groups) {
		outbox.publish(new ApproversChanged(UUID.randomUUID(), cause, users.stream().sorted().toList(),
				groups.stream().sorted().toList()));
	}

	/**
	 * Outside any transaction: re-evaluates the open stages the change concerns, then signals each
	 * blocked stage's run; a transient failure fails the whole (retried).
	 */
	public void wakeBlockedStages(String tenantId, ApproversChanged change) {
		String cause = change.cause();
		transactions.inTenant(tenantId, () -> change.scoped()
				? stranded.reevaluate(cause, names(change.users()), names(change.groups()))
				: stranded.reevaluate(cause));
		// a stranded stage (no retry time) is activated already: its workflow waits for decisions, not a wake-up
		List<BlockedStage> blocked = transactions.readInTenant(tenantId, () -> stages.blocked(WAKE_LIMIT)).stream()
			.filter(stage -> stage.retryAt() != null)
			.toList();
		OrchestratorException unreachable = null;
		int woken = 0;
		for (BlockedStage stage : blocked) {
			try {
				orchestrator.signal(DecisionSignal.recheck(tenantId, stage.runId()));
				woken++;
			}
			catch (OrchestratorException e) {
				if (e.kind() == OrchestratorException.Kind.TRANSIENT) {
					unreachable = e;
				}
			}
		}
		if (!blocked.isEmpty()) {
			log.info("{}: {} of {} blocked stage(s) check again now", cause, woken, blocked.size());
		}
		if (unreachable != null) {
			throw unreachable;
		}
	}

	private static Collection<String> names(List<String> names) {
		return names == null ? List.of() : names;
	}
}
