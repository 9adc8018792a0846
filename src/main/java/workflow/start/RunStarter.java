package workflow.start;

import java.util.List;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.PermanentFailureException;
import platform.TenantTransactions;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.WorkflowProperties;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.StagePlan;
import workflow.engine.Orchestrator.StartReceipt;
import workflow.engine.Orchestrator.StartRequest;
import workflow.engine.OrchestratorException;
import workflow.projection.RunEndings;
import workflow.projection.RunRepository;
import workflow.projection.StageRepository;

/**
 * The second hop of the start chain: a start request starts the run's process and records the
 * execution. Only a {@code requested} run without an execution starts (a re-delivery or a run
 * withdrawn meanwhile does nothing); the orchestrator itself refuses a second execution. When the
 * failure is permanent, or this was the last delivery attempt, the run becomes
 * {@code start_failed} with the reason and the event counts as handled.
 */
@Service
public class RunStarter {

	private static final Logger log = LoggerFactory.getLogger(RunStarter.class);

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final StageRepository stages;
	private final Orchestrator orchestrator;
	private final RunEndings endings;
	private final int maxAttempts;

	RunStarter(TenantTransactions transactions, RunRepository runs, StageRepository stages, Orchestrator orchestrator,
			RunEndings endings, WorkflowProperties properties) {
		this.transactions = transactions;
		this.runs = runs;
		this.stages = stages;
		this.orchestrator = orchestrator;
		this.endings = endings;
		this.maxAttempts = properties.jml().startMaxAttempts();
	}

	/** Starts the run for delivery {@code attempt} of its start request {@code eventId}. */
	public void start(String tenantId, UUID runId, int attempt, UUID eventId) {
		transactions.runInTenant(tenantId, () -> {
			// the lock orders this start with an HR withdraw of the same requested run
			Run run = runs.lock(runId).orElseThrow(() -> new PermanentFailureException("Run " + runId + " does not exist"));
			if (run.status() != RunStatus.REQUESTED || run.workflowId() != null) {
				log.info("Run {} is {} (execution {}); start request {} changes nothing", runId, run.status().value(),
						run.workflowId(), eventId);
				return;
			}
			try {
				StartReceipt receipt = orchestrator.start(new StartRequest(tenantId, runId, run.definitionKey(),
						plan(stages.forRun(runId))));
				runs.recordExecution(runId, receipt.workflowId(), receipt.executionId());
				log.info("Run {} {} as {}", runId, receipt.alreadyStarted() ? "was already started" : "started",
						receipt.workflowId());
			}
			catch (RuntimeException e) {
				boolean permanent = e instanceof OrchestratorException failure
						&& failure.kind() == OrchestratorException.Kind.PERMANENT;
				if (!permanent && attempt < maxAttempts) {
					throw e;
				}
				String reason = (permanent ? "permanent failure" : "gave up after " + attempt + " attempts")
						+ ": " + e.getMessage();
				endings.startFailed(runId, reason);
				log.warn("Run {} failed to start: {}", runId, reason, e);
			}
		});
	}

	private static List<StagePlan> plan(List<Stage> stages) {
		return stages.stream()
			.map(stage -> new StagePlan(stage.id(), stage.name(), stage.kind(), stage.requiredApprovals(), stage.grants()))
			.toList();
	}
}
