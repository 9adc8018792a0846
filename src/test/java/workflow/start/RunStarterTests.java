package workflow.start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.Run;
import workflow.RunStatus;
import workflow.Runs;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.engine.Orchestrator;
import workflow.engine.OrchestratorException;
import workflow.projection.RunEndings;
import workflow.projection.RunRepository;
import workflow.projection.StageRepository;

/**
 * The start request handler's failure classification with an orchestrator that always fails:
 * a transient failure is retried (the event fails) until the last attempt, which — like a
 * permanent failure at once — leaves the run {@code start_failed} with the reason.
 */
@JmlHubIntegrationTest
class RunStarterTests {

	@Autowired
	TenantTransactions transactions;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	RunRepository runs;

	@Autowired
	StageRepository stages;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Runs queries;

	@Autowired
	WorkflowProperties properties;

	@Autowired
	RunEndings endings;

	/** A run that waits for a pre-hire start, so the real dispatcher does not start it meanwhile. */
	UUID waitingRun() {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		return new RunRequests(transactions, definitions, runs, stages, outbox, settings, Clock.systemUTC()).request("acme",
				"joiner", new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId, "Start Failure", null, null,
						"manny", null, null, LocalDate.of(2099, 1, 1)));
	}

	RunStarter failingWith(OrchestratorException.Kind kind) {
		Orchestrator failing = new Orchestrator() {
			@Override
			public StartReceipt start(StartRequest request) {
				throw new OrchestratorException(kind, "frontend says no", null);
			}

			@Override
			public void signal(DecisionSignal signal) {
				throw new UnsupportedOperationException();
			}
		};
		return new RunStarter(transactions, runs, stages, failing, endings, properties);
	}

	void start(RunStarter starter, UUID runId, int attempt) {
		starter.start("acme", runId, attempt, UUID.randomUUID());
	}

	Run run(UUID runId) {
		return queries.detail("acme", runId).run();
	}

	@Test
	void aTransientFailureIsRetriedUntilTheLastAttemptThenTheRunFailsToStart() {
		UUID runId = waitingRun();
		RunStarter starter = failingWith(OrchestratorException.Kind.TRANSIENT);
		int last = properties.jml().startMaxAttempts();

		assertThatThrownBy(() -> start(starter, runId, last - 1)).isInstanceOf(OrchestratorException.class);
		assertThat(run(runId).status()).isEqualTo(RunStatus.REQUESTED);

		start(starter, runId, last);
		assertThat(run(runId).status()).isEqualTo(RunStatus.START_FAILED);
		assertThat(run(runId).statusReason()).contains("gave up after " + last + " attempts", "frontend says no");
	}

	@Test
	void aPermanentFailureFailsTheStartAtOnce() {
		UUID runId = waitingRun();
		start(failingWith(OrchestratorException.Kind.PERMANENT), runId, 1);
		assertThat(run(runId).status()).isEqualTo(RunStatus.START_FAILED);
		assertThat(run(runId).statusReason()).startsWith("permanent failure");
	}
}
