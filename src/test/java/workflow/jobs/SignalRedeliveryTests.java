package workflow.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.Job;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.start.RunRequests;
import workflow.store.ActionRepository;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.RunTrigger;
import workflow.store.StageRepository;

/**
 * Signal re-delivery without head-of-line blocking: each action backs off on its own and is
 * undeliverable after the attempt cap; the job takes the due actions oldest-due first, so 100
 * older actions that keep failing do not delay a newer one.
 */
@JmlHubIntegrationTest
class SignalRedeliveryTests {

	@Autowired
	TenantTransactions transactions;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	RunRepository runs;

	@Autowired
	RunCreation creation;

	@Autowired
	StageRepository stages;

	@Autowired
	ActionRepository actions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	List<Job> jobs;

	@Autowired
	WorkflowProperties properties;

	/** A run without a process (it waits for its pre-hire start): a signal to it is "not running". */
	UUID runWithoutProcess() {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		return new RunRequests(transactions, definitions, creation, runs, stages, outbox, settings, Clock.systemUTC()).request("acme",
				RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId, "Signal Test",
						null, null, "manny", null, null, LocalDate.of(2099, 1, 1)));
	}

	Action insert(UUID runId, String actor, Duration age) {
		return transactions.inTenant("acme", () -> {
			Action action = actions.insert(runId, null, null, actor, ActionKind.APPROVE, null, "key-" + UUID.randomUUID())
				.orElseThrow();
			jdbc.sql("UPDATE workflow_actions SET created_at = now() - make_interval(secs => :age) WHERE id = :id")
				.param("age", age.toSeconds())
				.param("id", action.id())
				.update();
			return action;
		});
	}

	Action find(UUID id) {
		return transactions.readInTenant("acme", () -> actions.find(id).orElseThrow());
	}

	@Test
	void aHundredUndeliverableActionsDoNotDelayANewerOne() throws Exception {
		UUID runId = runWithoutProcess();
		List<UUID> stuck = new ArrayList<>();
		Instant now = Instant.now();
		for (int i = 0; i < 100; i++) {
			Action action = insert(runId, "stuck-" + i, Duration.ofHours(1));
			stuck.add(action.id());
			// half have used up their attempts, half wait an hour for their next one
			boolean last = i % 2 == 0;
			transactions.runInTenant("acme", () -> actions.recordSignalFailure(action.id(), "Temporal unreachable", now,
					Duration.ofHours(1), Duration.ofHours(1), last ? 1 : 20));
		}
		Action newer = insert(runId, "newer", Duration.ofMinutes(1));

		List<Action> due = transactions.readInTenant("acme",
				() -> actions.dueSignals(Instant.now(), Instant.now().minus(properties.jobs().signalRedeliveryDelay()), 100));
		assertThat(due).extracting(Action::id).contains(newer.id()).doesNotContainAnyElementsOf(stuck);

		jobs.stream().filter(job -> job.name().equals(WorkflowJobs.SIGNAL_REDELIVERY)).findFirst().orElseThrow().run();

		// the one round re-sent it: its run has no process, so it is settled as ignored
		assertThat(find(newer.id()).outcome()).isEqualTo(ActionOutcome.IGNORED);
		for (UUID id : stuck) {
			Action action = find(id);
			assertThat(action.signalAttempts()).as("%s was not tried again", id).isEqualTo(1);
			assertThat(action.outcome()).isNull();
		}
		assertThat(stuck.stream().map(this::find).filter(Action::undeliverable)).hasSize(50);
	}

	@Test
	void eachFailureDoublesTheWaitUpToTheCapAndTheLastAttemptMakesTheActionUndeliverable() {
		UUID runId = runWithoutProcess();
		Action action = insert(runId, "backoff", Duration.ofHours(1));
		Instant now = Instant.parse("2030-01-01T00:00:00Z");
		List<Instant> next = new ArrayList<>();
		List<Boolean> gaveUp = new ArrayList<>();
		for (int attempt = 1; attempt <= 4; attempt++) {
			gaveUp.add(transactions.inTenant("acme", () -> actions.recordSignalFailure(action.id(), "Temporal unreachable",
					now, Duration.ofSeconds(5), Duration.ofSeconds(15), 4)));
			next.add(find(action.id()).nextSignalAt());
		}

		assertThat(next).containsExactly(now.plusSeconds(5), now.plusSeconds(10), now.plusSeconds(15), now.plusSeconds(15));
		assertThat(gaveUp).containsExactly(false, false, false, true);
		Action undeliverable = find(action.id());
		assertThat(undeliverable.undeliverable()).isTrue();
		assertThat(undeliverable.signalAttempts()).isEqualTo(4);
		assertThat(undeliverable.lastSignalError()).isEqualTo("Temporal unreachable");
		assertThat(transactions.readInTenant("acme", () -> actions.dueSignals(now.plus(Duration.ofDays(1)),
				now.plus(Duration.ofDays(1)), 1000))).extracting(Action::id).doesNotContain(action.id());
	}
}
