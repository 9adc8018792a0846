package workflow.attention;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.PreDestroy;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import platform.TenantTransactions;
import workflow.ReconcileRound;
import workflow.RepairCause;
import workflow.endings.RunEndings;
import workflow.engine.ExecutionProbe;
import workflow.engine.ExecutionProbe.ExecutionState;
import workflow.store.LiveRun;
import workflow.store.RunRepository;

/**
 * Finds what the workflow cannot report itself: a run the projection says is live (or started
 * and not yet at its first stage) whose execution closed (failed, terminated, timed out, or
 * completed without finishing the run) or is missing (its history was lost) needs attention.
 * <p>
 * A round goes through the tenant's live runs in batches: it reads a batch, asks the engine about
 * each run on a small fixed pool ({@code WORKFLOW_RECONCILE_PARALLELISM} calls in flight, outside
 * any transaction), then records the batch in one unit of work: every run checked, each run whose
 * execution is lost or closed flagged at once (fenced on it still being live). The order is
 * least recently checked first, a never-checked run counting as checked when it started. That
 * order, not a cursor over ids, is the durable cursor ({@code reconciled_at} in PostgreSQL): a
 * round stopped by its timeout or an outage resumes with the runs it did not reach, and new runs
 * queue behind every run checked before they started, so each live run is re-checked within one
 * pass over the live runs however many new runs arrive (a wrapping id cursor would do the same but
 * needs a row of its own and re-checks runs a repair just restarted for no reason). Inside a round
 * a keyset over that order moves past runs that could not be checked.
 */
@Service
public class RunReconciliation {

	private static final Logger log = LoggerFactory.getLogger(RunReconciliation.class);

	/** Before any run's start: the first batch's cursor. */
	private static final Instant FIRST = Instant.EPOCH;
	private static final UUID NONE = new UUID(0, 0);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final ExecutionProbe probe;
	private final ReconcileRoundRepository rounds;
	private final ReconcileProperties properties;
	private final Clock clock;
	private final RunEndings endings;
	private final ExecutorService describers;

	RunReconciliation(TenantTransactions transactions, RunRepository runs, ExecutionProbe probe, ReconcileRoundRepository rounds,
			ReconcileProperties properties, Clock clock, RunEndings endings) {
		this.endings = endings;
		this.transactions = transactions;
		this.runs = runs;
		this.probe = probe;
		this.rounds = rounds;
		this.properties = properties;
		this.clock = clock;
		AtomicInteger threads = new AtomicInteger();
		this.describers = Executors.newFixedThreadPool(properties.parallelism(), runnable -> {
			Thread thread = new Thread(runnable, "workflow-reconcile-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	@PreDestroy
	void close() {
		describers.shutdownNow();
	}

	/** The engine's answer about one run, or why it could not be asked. */
	private record Checked(LiveRun run, ExecutionState state, String error) {
	}

	/**
	 * One round over the tenant's live runs started before {@code now}; stops early when the
	 * thread is interrupted (the job's timeout) or the engine answers none of a batch (an outage),
	 * the rest then going first next round. Records the round's figures; returns how many runs it
	 * checked.
	 */
	public int reconcile(String tenantId, Instant now) {
		int checked = 0;
		int flagged = 0;
		int unreachable = 0;
		boolean complete = false;
		Instant afterAt = FIRST;
		UUID afterId = NONE;
		while (!Thread.currentThread().isInterrupted()) {
			Instant cursorAt = afterAt;
			UUID cursorId = afterId;
			List<LiveRun> batch = transactions.readInTenant(tenantId,
					() -> runs.liveDue(now, cursorAt, cursorId, properties.batchSize()));
			if (batch.isEmpty()) {
				complete = true;
				break;
			}
			List<Checked> answers = describe(batch);
			List<Checked> answered = answers.stream().filter(answer -> answer.state() != null).toList();
			flagged += transactions.inTenant(tenantId, () -> record(answered, now));
			checked += answered.size();
			unreachable += answers.size() - answered.size();
			LiveRun last = batch.get(batch.size() - 1);
			afterAt = last.checkedAt();
			afterId = last.id();
			if (answered.isEmpty() && answers.size() == batch.size()) {
				log.warn("Reconciliation of tenant {} stopped after {} run(s): Temporal answered none of {} describe calls ({})",
						tenantId, checked, batch.size(), answers.get(0).error());
				break;
			}
			if (answers.size() < batch.size()) {
				break; // interrupted while waiting for the engine
			}
		}
		ReconcileRound round = new ReconcileRound(now, clock.instant(), checked, flagged, unreachable, complete);
		transactions.runInTenant(tenantId, () -> rounds.save(round));
		if (flagged > 0 || unreachable > 0) {
			log.warn("Reconciliation of tenant {} checked {} live run(s): {} need attention (execution lost or closed), {} could not be checked",
					tenantId, checked, flagged, unreachable);
		}
		return checked;
	}

	/** The tenant's last round, if one ran. */
	public Optional<ReconcileRound> lastRound(String tenantId) {
		return transactions.readInTenant(tenantId, rounds::last);
	}

	/** Asks the engine about every run of the batch, at most the pool's size at once; fewer answers when interrupted. */
	private List<Checked> describe(List<LiveRun> batch) {
		List<Future<ExecutionState>> calls = new ArrayList<>(batch.size());
		for (LiveRun run : batch) {
			calls.add(describers.submit(() -> probe.state(run.workflowId())));
		}
		List<Checked> answers = new ArrayList<>(batch.size());
		for (int i = 0; i < batch.size(); i++) {
			try {
				answers.add(new Checked(batch.get(i), calls.get(i).get(), null));
			}
			catch (InterruptedException e) {
				calls.forEach(call -> call.cancel(true));
				Thread.currentThread().interrupt();
				return answers;
			}
			catch (ExecutionException | CancellationException e) {
				// OrchestratorException: Temporal could not be asked; the run is checked next round
				Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
				answers.add(new Checked(batch.get(i), null, cause.getMessage()));
			}
		}
		return answers;
	}

	/** Records a batch's answers in one unit of work; returns how many runs now need attention. */
	private int record(List<Checked> answers, Instant now) {
		runs.markReconciled(answers.stream().map(answer -> answer.run().id()).toList(), now);
		int flagged = 0;
		for (Checked answer : answers) {
			ExecutionState state = answer.state();
			if (state.kind() == ExecutionState.Kind.RUNNING) {
				continue;
			}
			LiveRun run = answer.run();
			boolean lost = state.kind() == ExecutionState.Kind.MISSING;
			String reason = lost
					? "Its workflow execution " + run.workflowId() + " no longer exists in Temporal (history lost?)"
					: "Its workflow execution " + run.workflowId() + " is " + state.detail() + " while the run is "
							+ run.status().value();
			String tried = "reconciliation at " + now + " found execution "
					+ (state.executionId() == null ? run.executionId() : state.executionId()) + " " + state.detail();
			if (endings.needsAttention(run.id(), lost ? RepairCause.LOST : RepairCause.CLOSED, reason, tried, now)) {
				flagged++;
				log.debug("Run {} needs attention: {}", run.id(), reason);
			}
		}
		return flagged;
	}
}
