package workflow.endings;

import java.time.Instant;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.stereotype.Component;

import outbox.OutboxPublisher;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.RunOutcome;
import outbox.catalog.RunProblem;
import workflow.RepairCause;
import workflow.Run;
import workflow.RunStatus;
import workflow.Stage;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * The one way a run ends: the projection row is finished and, in the same tenant transaction, a
 * {@link RunFinished} tells HR how the run its event asked for ended, and announces a completed or
 * rejected run (whoever asked for it) to whom it concerns, naming them. A run that failed to
 * start or needs attention is announced as a {@link RunNeedsAdmin} to the tenant's admins. Call
 * inside the run's tenant unit of work.
 */
@Component
public class RunEndings {

	/** The workflow's ending names the stage by its key ("rejected at stage security_approval"). */
	private static final Pattern AT_STAGE = Pattern.compile("^(\\w+) at stage (\\S+)$");

	private final RunRepository runs;
	private final StageRepository stages;
	private final OutboxPublisher outbox;

	RunEndings(RunRepository runs, StageRepository stages, OutboxPublisher outbox) {
		this.runs = runs;
		this.stages = stages;
		this.outbox = outbox;
	}

	/** Ends a run in {@code status} (completed, rejected, withdrawn); false when it had already ended. */
	public boolean finish(UUID runId, RunStatus status, String reason) {
		String words = inWords(runId, reason);
		boolean ended = runs.finish(runId, status, words);
		if (ended && (status == RunStatus.COMPLETED || status == RunStatus.REJECTED)) {
			// the people who wait for the decision are told (notifications), whoever asked for the run
			runs.origin(runId).ifPresent(origin -> runs.find(runId).ifPresent(run -> outbox.publish(new RunFinished(runId,
					origin.employeeId(), origin.definition(), outcome(status), origin.sourceEventKey(), words,
					run.employeeName(), run.requestedBy(), run.manager()))));
			return true;
		}
		return announce(ended, runId, status, words);
	}

	/**
	 * The reason as people read it (the run page, HR's employee page): the stage by its title
	 * ("rejected at Security approval"), not by its key.
	 */
	private String inWords(UUID runId, String reason) {
		Matcher matcher = reason == null ? null : AT_STAGE.matcher(reason);
		if (matcher == null || !matcher.matches()) {
			return reason;
		}
		return stages.forRun(runId).stream()
			.filter(stage -> stage.name().equals(matcher.group(2)))
			.map(Stage::title)
			.findFirst()
			.map(title -> matcher.group(1) + " at " + title)
			.orElse(reason);
	}

	/** The run never started; false when it had already ended. */
	public boolean startFailed(UUID runId, String reason) {
		return tellAdmins(announce(runs.markStartFailed(runId, reason), runId, RunStatus.START_FAILED, reason), runId,
				RunProblem.START_FAILED);
	}

	/** The start chain gave up before any execution was recorded; false when the run had moved on. */
	public boolean startRequestFailed(UUID runId, String reason) {
		return tellAdmins(announce(runs.markStartRequestFailed(runId, reason), runId, RunStatus.START_FAILED, reason), runId,
				RunProblem.START_FAILED);
	}

	/**
	 * A live run needs attention (see {@link RunRepository#markNeedsAttention}); false for any other
	 * run. The admins are told once per time it gets into trouble.
	 */
	public boolean needsAttention(UUID runId, String reason, String tried, Instant now) {
		return needsAttention(runId, null, reason, tried, now);
	}

	/** Like {@link #needsAttention(UUID, String, String, Instant)}, with the cause an ADMIN repairs in bulk by. */
	public boolean needsAttention(UUID runId, RepairCause cause, String reason, String tried, Instant now) {
		return tellAdmins(runs.markNeedsAttention(runId, cause, reason, tried, now), runId, RunProblem.NEEDS_ATTENTION);
	}

	private boolean tellAdmins(boolean changed, UUID runId, RunProblem problem) {
		if (changed) {
			runs.find(runId).ifPresent(run -> outbox.publish(new RunNeedsAdmin(runId, RunDefinition.of(run.definitionKey()),
					run.employeeName(), problem, reason(run, problem), since(run, problem))));
		}
		return changed;
	}

	private static String reason(Run run, RunProblem problem) {
		return problem == RunProblem.NEEDS_ATTENTION && run.attention() != null ? run.attention().reason()
				: run.statusReason();
	}

	/** When the trouble began: a run marked again before its repair keeps its first moment, so it is told once. */
	private static Instant since(Run run, RunProblem problem) {
		if (problem == RunProblem.NEEDS_ATTENTION && run.attention() != null && run.attention().since() != null) {
			return run.attention().since();
		}
		return run.finishedAt() != null ? run.finishedAt() : run.updatedAt();
	}

	/** An HR event asked for a run that was not created (auto-start is off). */
	public void notStarted(UUID employeeId, RunDefinition definition, String triggerKey, String reason) {
		outbox.publish(new RunFinished(null, employeeId, definition, RunOutcome.NOT_STARTED,
				triggerKey, reason));
	}

	private boolean announce(boolean ended, UUID runId, RunStatus status, String reason) {
		if (ended) {
			// runs created before outcomes were announced carry no key: nobody waits for them
			runs.origin(runId)
				.filter(origin -> origin.sourceEventKey() != null)
				.ifPresent(origin -> outbox.publish(new RunFinished(runId, origin.employeeId(),
						origin.definition(), outcome(status), origin.sourceEventKey(), reason)));
		}
		return ended;
	}

	private static RunOutcome outcome(RunStatus status) {
		return switch (status) {
			case COMPLETED -> RunOutcome.COMPLETED;
			case REJECTED -> RunOutcome.REJECTED;
			case WITHDRAWN -> RunOutcome.WITHDRAWN;
			case START_FAILED -> RunOutcome.START_FAILED;
			default -> throw new IllegalArgumentException("A run does not end " + status.value());
		};
	}
}
