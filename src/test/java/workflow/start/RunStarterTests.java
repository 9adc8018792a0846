package workflow.start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.Action;
import workflow.ActionKind;
import workflow.Run;
import workflow.RunStatus;
import workflow.Runs;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.engine.Orchestrator;
import workflow.engine.Orchestrator.StartReceipt;
import workflow.engine.Orchestrator.StartRequest;
import workflow.engine.OrchestratorException;
import workflow.store.ActionRepository;
import workflow.endings.RunEndings;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.StageRepository;
import workflow.store.RunTrigger;

/**
 * The start request handler's decide / call / record, with orchestrator doubles: the call happens
 * outside any transaction with the run unlocked; a transient failure is recorded on the run
 * ("retrying, attempt 2 of 30: ...") and retried until the last attempt, which — like a permanent
 * failure at once, or a dead letter for any other reason — leaves the run {@code start_failed}
 * with the reason and sends the start request to the dead letters; a re-driven start request starts a run whose chain had given up; a withdraw
 * while the call was under way reaches the new process.
 */
@JmlHubIntegrationTest
class RunStarterTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

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
	Runs queries;

	@Autowired
	WorkflowProperties properties;

	@Autowired
	RunEndings endings;

	/** A run that waits for a pre-hire start, so the real dispatcher does not start it meanwhile. */
	UUID waitingRun() {
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		return new RunRequests(transactions, definitions, creation, runs, stages, outbox, settings, Clock.systemUTC()).request("acme",
				RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId, "Start Failure", null, null,
						"manny", null, null, LocalDate.of(2099, 1, 1)));
	}

	/** An orchestrator whose start answers {@code start}; signals are recorded. */
	final class Double implements Orchestrator {

		final Function<StartRequest, StartReceipt> start;
		final List<DecisionSignal> signals = new ArrayList<>();

		Double(Function<StartRequest, StartReceipt> start) {
			this.start = start;
		}

		@Override
		public StartReceipt start(StartRequest request) {
			return start.apply(request);
		}

		@Override
		public void signal(DecisionSignal signal) {
			signals.add(signal);
		}
	}

	Double failingWith(OrchestratorException.Kind kind) {
		return new Double(request -> {
			throw new OrchestratorException(kind, "frontend says no", null);
		});
	}

	static StartReceipt receipt(StartRequest request) {
		return new StartReceipt("jml-" + request.runId(), "exec-" + request.runId(), false);
	}

	RunStarter starter(Orchestrator orchestrator) {
		return new RunStarter(transactions, creation, runs, stages, actions, orchestrator, endings, properties);
	}

	void start(Orchestrator orchestrator, UUID runId, int attempt) {
		starter(orchestrator).start("acme", runId, attempt, UUID.randomUUID());
	}

	Run run(UUID runId) {
		return queries.detail("acme", runId).run();
	}

	@Test
	void aTransientFailureIsShownOnTheRunAndRetriedUntilTheLastAttemptThenTheRunFailsToStart() {
		UUID runId = waitingRun();
		Double failing = failingWith(OrchestratorException.Kind.TRANSIENT);
		int last = properties.jml().startMaxAttempts();

		assertThatThrownBy(() -> start(failing, runId, 1)).isInstanceOf(OrchestratorException.class);
		assertThat(run(runId).status()).isEqualTo(RunStatus.REQUESTED);
		assertThat(run(runId).start().summary()).isEqualTo("retrying, attempt 2 of " + last + ": frontend says no");
		JsonNode api = json.readTree(new ApiClient(port).get("hana", "/v1/workflow-runs/" + runId).body());
		assertThat(api.get("status").asString()).isEqualTo("requested");
		assertThat(api.get("start").get("summary").asString()).isEqualTo("retrying, attempt 2 of " + last + ": frontend says no");
		assertThat(api.get("start").get("nextAttempt").asInt()).isEqualTo(2);
		ConsoleSession hana = ConsoleSession.login(port, "hana");
		assertThat(hana.get("/runs/" + runId).body()).contains("id=\"run-start\"",
				"retrying, attempt 2 of " + last + ": frontend says no");
		assertThat(hana.get("/runs?q=Start+Failure&status=requested").body()).contains("retrying, attempt 2 of " + last);

		assertThatThrownBy(() -> start(failing, runId, last - 1)).isInstanceOf(OrchestratorException.class);
		assertThat(run(runId).start().summary()).startsWith("retrying, attempt " + last + " of " + last);

		// the last attempt fails the start and the request itself, so it lands in the dead letters
		assertThatThrownBy(() -> start(failing, runId, last)).isInstanceOf(PermanentFailureException.class)
			.hasMessageContaining("gave up after " + last + " attempts");
		assertThat(run(runId).status()).isEqualTo(RunStatus.START_FAILED);
		assertThat(run(runId).statusReason()).contains("gave up after " + last + " attempts", "frontend says no");
		assertThat(run(runId).start()).isNull();
	}

	@Test
	void aStartRetriesForHoursByDefault() {
		// with the outbox's backoff (1 s doubling, capped at 10 min) 30 attempts outlast an outage of hours
		assertThat(properties.jml().startMaxAttempts()).isGreaterThanOrEqualTo(30);
	}

	@Test
	void aPermanentFailureFailsTheStartAtOnce() {
		UUID runId = waitingRun();
		assertThatThrownBy(() -> start(failingWith(OrchestratorException.Kind.PERMANENT), runId, 1))
			.isInstanceOf(PermanentFailureException.class);
		assertThat(run(runId).status()).isEqualTo(RunStatus.START_FAILED);
		assertThat(run(runId).statusReason()).startsWith("permanent failure");
	}

	@Test
	void theOrchestratorIsCalledOutsideAnyTransactionWithTheRunUnlocked() {
		UUID runId = waitingRun();
		List<Object> seen = new ArrayList<>();
		start(new Double(request -> {
			seen.add(TransactionSynchronizationManager.isActualTransactionActive());
			// another transaction may lock the run at once: nobody holds it across the call
			seen.add(transactions.inTenant("acme", () -> jdbc
				.sql("SELECT id FROM workflow_runs WHERE id = :id FOR UPDATE NOWAIT")
				.param("id", runId)
				.query(UUID.class)
				.single()));
			return receipt(request);
		}), runId, 1);

		assertThat(seen).containsExactly(false, runId);
		assertThat(run(runId).workflowId()).isEqualTo("jml-" + runId);
		assertThat(run(runId).executionId()).isEqualTo("exec-" + runId);
	}

	@Test
	void aStartRequestThatWentToTheDeadLettersFailsTheStartWithItsReason() {
		UUID runId = waitingRun();
		transactions.runInTenant("acme", () -> starter(failingWith(OrchestratorException.Kind.TRANSIENT))
			.deadLettered(runId, 5, "The handler did not finish within the attempt timeout of PT200S"));

		assertThat(run(runId).status()).isEqualTo(RunStatus.START_FAILED);
		assertThat(run(runId).statusReason()).isEqualTo("gave up after 5 attempts: "
				+ "The handler did not finish within the attempt timeout of PT200S");
	}

	@Test
	void aDeadLetterAfterTheExecutionWasRecordedChangesNothing() {
		UUID runId = waitingRun();
		start(new Double(RunStarterTests::receipt), runId, 1);
		transactions.runInTenant("acme", () -> starter(failingWith(OrchestratorException.Kind.TRANSIENT))
			.deadLettered(runId, 5, "lease expired"));

		assertThat(run(runId).status()).isEqualTo(RunStatus.REQUESTED);
		assertThat(run(runId).workflowId()).isEqualTo("jml-" + runId);
	}

	@Test
	void aReDrivenStartRequestStartsARunWhoseStartHadFailed() {
		UUID runId = waitingRun();
		assertThatThrownBy(() -> start(failingWith(OrchestratorException.Kind.PERMANENT), runId, 1))
			.isInstanceOf(PermanentFailureException.class);
		assertThat(run(runId).status()).isEqualTo(RunStatus.START_FAILED);

		// an admin retried the dead letter: its attempts start over
		start(new Double(RunStarterTests::receipt), runId, 1);

		Run run = run(runId);
		assertThat(run.status()).isEqualTo(RunStatus.REQUESTED);
		assertThat(run.statusReason()).isNull();
		assertThat(run.finishedAt()).isNull();
		assertThat(run.workflowId()).isEqualTo("jml-" + runId);
	}

	@Test
	void aRunWithdrawnWhileItsStartWasUnderWayTellsTheNewProcess() {
		UUID runId = waitingRun();
		List<Action> withdraw = new ArrayList<>();
		Double orchestrator = new Double(request -> {
			// HR withdraws between the decision and the record (the run is not locked meanwhile)
			transactions.runInTenant("acme", () -> {
				runs.lock(runId);
				withdraw.add(actions.insert(runId, null, null, "hana", ActionKind.WITHDRAW, "no longer joining", "w-" + runId)
					.orElseThrow());
				endings.finish(runId, RunStatus.WITHDRAWN, "withdrawn before the workflow started");
			});
			return receipt(request);
		});
		start(orchestrator, runId, 1);

		assertThat(run(runId).status()).isEqualTo(RunStatus.WITHDRAWN);
		assertThat(run(runId).workflowId()).isEqualTo("jml-" + runId);
		assertThat(orchestrator.signals).hasSize(1);
		assertThat(orchestrator.signals.get(0).decision().actionId()).isEqualTo(withdraw.get(0).id());
		assertThat(orchestrator.signals.get(0).decision().action()).isEqualTo(ActionKind.WITHDRAW);
	}

	@Test
	void aStartRequestForARunThatMovedOnChangesNothing() {
		UUID runId = waitingRun();
		start(new Double(RunStarterTests::receipt), runId, 1);
		Double second = new Double(request -> {
			throw new AssertionError("a started run is not started again");
		});
		start(second, runId, 2);
		assertThat(run(runId).workflowId()).isEqualTo("jml-" + runId);
	}
}
