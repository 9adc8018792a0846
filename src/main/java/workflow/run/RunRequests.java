package workflow.run;

import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEvent;
import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import platform.TenantTransactions;
import workflow.definition.Definition;
import workflow.definition.DefinitionRepository;

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
	private final RunRepository runs;
	private final StageRepository stages;
	private final OutboxPublisher outbox;
	private final WorkflowProperties.Jml settings;
	private final PrehireSchedule prehire;

	RunRequests(TenantTransactions transactions, DefinitionRepository definitions, RunRepository runs,
			StageRepository stages, OutboxPublisher outbox, WorkflowProperties properties) {
		this.transactions = transactions;
		this.definitions = definitions;
		this.runs = runs;
		this.stages = stages;
		this.outbox = outbox;
		this.settings = properties.jml();
		this.prehire = new PrehireSchedule(settings.prehireLeadDays());
	}

	/**
	 * Creates the run of {@code definitionKey} for the employee in the event, unless the event
	 * already created one; returns the run id either way. A malformed event is a permanent failure.
	 */
	public UUID request(String definitionKey, DeliveredEvent event) {
		return transactions.inTenant(event.tenantId(), () -> {
			Optional<Run> existing = runs.findBySourceEvent(event.id());
			if (existing.isPresent()) {
				log.info("Event {} already created run {}; nothing to do", event.id(), existing.get().id());
				return existing.get().id();
			}
			Definition definition = definitions.find(definitionKey)
				.filter(d -> !d.stages().isEmpty())
				.orElseThrow(() -> new PermanentFailureException("No definition '" + definitionKey + "' with stages"));
			NewRun run = newRun(definition, event);
			Optional<UUID> created = runs.insertIfAbsent(run);
			if (created.isEmpty()) {
				// a concurrent delivery of the same event won the insert
				return runs.findBySourceEvent(event.id()).orElseThrow().id();
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
		return transactions.readInTenant(tenantId, () -> runs.dueStarts(now, limit));
	}

	/** Requests the start of a waiting pre-hire run (no-op when it is no longer waiting). */
	public void startWaiting(String tenantId, UUID runId) {
		transactions.runInTenant(tenantId, () -> runs.lock(runId)
			.filter(run -> Run.REQUESTED.equals(run.status()) && run.startRequestedAt() == null)
			.ifPresent(run -> publishStartRequest(run.id())));
	}

	/**
	 * Publishes the run's start request (idempotent by its key) and notes when. Call inside the
	 * run's tenant unit of work.
	 */
	public void publishStartRequest(UUID runId) {
		outbox.publish(new OutboxEvent(EventTypes.WORKFLOW_RUN_START_REQUESTED, runId, "start:" + runId,
				Map.of("runId", runId.toString()), null, settings.startMaxAttempts()));
		runs.markStartRequested(runId);
	}

	private NewRun newRun(Definition definition, DeliveredEvent event) {
		UUID employeeId = required(event, "employeeId", () -> event.uuid("employeeId"));
		String name = required(event, "displayName", () -> event.string("displayName"));
		LocalDate effectiveDate = switch (definition.key()) {
			case Definition.JOINER -> date(event, "startDate");
			case Definition.LEAVER -> date(event, "lastDay");
			default -> null;
		};
		Instant startNotBefore = Definition.JOINER.equals(definition.key())
				? prehire.startNotBefore(effectiveDate, Instant.now()) : null;
		return new NewRun(UUID.randomUUID(), definition.key(), definition.title(), employeeId, name, event.string("email"),
				event.string("department"), event.string("manager"), event.string("fromDepartment"),
				event.string("fromManager"), effectiveDate, event.id(), event.type(), startNotBefore);
	}

	private static LocalDate date(DeliveredEvent event, String field) {
		String value = event.string(field);
		try {
			return value == null || value.isBlank() ? null : LocalDate.parse(value);
		}
		catch (DateTimeParseException e) {
			throw new PermanentFailureException("Event " + event.id() + " has an invalid " + field + ": " + value, e);
		}
	}

	private static <T> T required(DeliveredEvent event, String field, Supplier<T> value) {
		try {
			T result = value.get();
			if (result == null || result.toString().isBlank()) {
				throw new PermanentFailureException("Event " + event.id() + " has no " + field);
			}
			return result;
		}
		catch (IllegalArgumentException e) {
			throw new PermanentFailureException("Event " + event.id() + " has an invalid " + field, e);
		}
	}
}
