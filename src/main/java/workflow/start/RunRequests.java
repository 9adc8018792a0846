package workflow.start;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import outbox.PublishOptions;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunStartRequested;
import platform.TenantTransactions;
import workflow.Run;
import workflow.RunStatus;
import workflow.WorkflowProperties;
import workflow.definition.Definition;
import workflow.definition.DefinitionRepository;
import workflow.store.NewRun;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.RunTrigger;
import workflow.store.StageRepository;

/**
 * The first hop of the start chain: an HR event becomes a run row (with its stage snapshot) and,
 * in the same transaction, a {@code workflow.run.start_requested} event. The run is keyed by the
 * source event, so a re-delivered HR event finds its run instead of creating a second one.
 */
@Service
public class RunRequests {

	private static final Logger log = LoggerFactory.getLogger(RunRequests.class);

	private final TenantTransactions transactions;
	private final DefinitionRepository definitions;
	private final RunCreation creation;
	private final RunRepository runs;
	private final StageRepository stages;
	private final OutboxPublisher outbox;
	private final WorkflowProperties.Jml settings;
	private final PrehireSchedule prehire;
	private final Clock clock;

	public RunRequests(TenantTransactions transactions, DefinitionRepository definitions, RunCreation creation,
			RunRepository runs, StageRepository stages, OutboxPublisher outbox, WorkflowProperties properties, Clock clock) {
		this.transactions = transactions;
		this.definitions = definitions;
		this.creation = creation;
		this.runs = runs;
		this.stages = stages;
		this.outbox = outbox;
		this.settings = properties.jml();
		this.prehire = new PrehireSchedule(settings.prehireLeadDays());
		this.clock = clock;
	}

	/**
	 * Creates the run of {@code kind} for the employee of the trigger, unless its event
	 * already created one; returns the run id either way.
	 */
	public UUID request(String tenantId, RunDefinition kind, RunTrigger trigger) {
		return transactions.inTenant(tenantId, () -> {
			Optional<Run> existing = creation.findBySourceEvent(trigger.sourceEventId());
			if (existing.isPresent()) {
				log.info("Event {} already created run {}; nothing to do", trigger.sourceEventId(), existing.get().id());
				return existing.get().id();
			}
			Definition definition = definitions.find(kind.key())
				.filter(d -> !d.stages().isEmpty())
				.orElseThrow(() -> new PermanentFailureException("No definition '" + kind.key() + "' with stages"));
			NewRun run = newRun(kind, definition, trigger);
			Optional<UUID> created = creation.insertIfAbsent(run);
			if (created.isEmpty()) {
				// a concurrent delivery of the same event won the insert
				return creation.findBySourceEvent(trigger.sourceEventId()).orElseThrow().id();
			}
			stages.insertSnapshot(run.id(), definition.stages());
			if (run.startNotBefore() == null) {
				publishStartRequest(run.id());
			}
			else {
				log.info("Run {} waits for its pre-hire start at {}", run.id(), run.startNotBefore());
			}
			return run.id();
		});
	}

	/** Pre-hire runs of the tenant whose start moment has come. */
	public List<UUID> dueStarts(String tenantId, Instant now, int limit) {
		return transactions.readInTenant(tenantId, () -> creation.dueStarts(now, limit));
	}

	/** Requests the start of a waiting pre-hire run (no-op when it is no longer waiting). */
	public void startWaiting(String tenantId, UUID runId) {
		transactions.runInTenant(tenantId, () -> runs.lock(runId)
			.filter(run -> run.status() == RunStatus.REQUESTED && run.startRequestedAt() == null)
			.ifPresent(run -> publishStartRequest(run.id())));
	}

	/**
	 * Publishes the run's start request (idempotent by its key) and notes when. Call inside the
	 * run's tenant unit of work.
	 */
	public void publishStartRequest(UUID runId) {
		outbox.publish(new RunStartRequested(runId), PublishOptions.maxAttempts(settings.startMaxAttempts()));
		creation.markStartRequested(runId);
	}

	private NewRun newRun(RunDefinition kind, Definition definition, RunTrigger trigger) {
		Instant startNotBefore = kind == RunDefinition.JOINER
				? prehire.startNotBefore(trigger.effectiveDate(), clock.instant()) : null;
		return new NewRun(UUID.randomUUID(), kind, definition.title(), trigger, startNotBefore,
				definition.version(), definition.requesterMayApprove());
	}
}
