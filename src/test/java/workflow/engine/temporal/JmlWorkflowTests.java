package workflow.engine.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import workflow.ActionKind;
import workflow.StageKind;
import workflow.engine.Orchestrator.Decision;
import workflow.engine.Orchestrator.Resume;
import workflow.engine.Orchestrator.StagePlan;
import workflow.engine.temporal.JmlWorkflow.Input;
import workflow.engine.temporal.JmlWorkflow.Timing;

/**
 * The JML workflow on Temporal's time-skipping test server with recorded activities. Timers of
 * minutes and hours pass in milliseconds.
 */
class JmlWorkflowTests {

	static final String QUEUE = "jml-test";
	static final Path HISTORIES = Path.of("src/test/resources/workflow");

	static final StagePlan MANAGER = new StagePlan(TestIds.id("manager"), "manager_approval", StageKind.APPROVAL, 1,
			List.of());
	static final StagePlan IT = new StagePlan(TestIds.id("it"), "it_access", StageKind.APPROVAL, 1,
			List.of("accounts", "vpn"));
	static final StagePlan SECURITY = new StagePlan(TestIds.id("security"), "security_approval", StageKind.APPROVAL, 2,
			List.of("badge"));
	static final StagePlan NOTIFY = new StagePlan(TestIds.id("notify"), "notify_hr", StageKind.NOTIFY, 1, List.of());

	TestWorkflowEnvironment env;
	RecordingActivities activities;
	JmlWorkflow workflow;
	String workflowId;

	@BeforeEach
	void startEnvironment() {
		env = TestWorkflowEnvironment.newInstance();
		activities = new RecordingActivities().assign("manager", "manny")
			.assign("it", "ivan")
			.assign("security", "sara", "sam")
			.assign("notify", "hana")
			.notifyStage("notify");
		Worker worker = env.newWorker(QUEUE);
		worker.registerWorkflowImplementationTypes(JmlWorkflowImpl.class);
		worker.registerActivitiesImplementations(activities);
		env.start();
	}

	@AfterEach
	void closeEnvironment() {
		env.close();
	}

	@Test
	void approvalsAdvanceOnlyWhenTheQuorumOfDistinctApproversIsMet() throws IOException {
		start(MANAGER, IT, SECURITY, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("activate:it:0");
		decide("a2", "approve", "it", 0, "ivan");
		activities.awaitCall("activate:security:0");
		decide("a3", "approve", "security", 0, "sara");
		decide("a4", "approve", "security", 0, "sara");
		decide("a5", "approve", "security", 0, "mallory");
		activities.awaitCall("decision:a5");
		assertThat(activities.calls("activate:notify")).isEmpty();
		decide("a6", "approve", "security", 0, "sam");

		assertThat(result()).isEqualTo("completed");
		assertThat(activities.calls()).containsExactly(
				"activate:manager:0", "decision:a1:applied:approved:1:null",
				"activate:it:0", "decision:a2:applied:approved:1:null",
				"activate:security:0", "decision:a3:applied:active:1:null",
				"decision:a4:ignored:null:0:null", "decision:a5:ignored:null:0:null",
				"decision:a6:applied:approved:2:null",
				"activate:notify:0", "finish:completed");
		recordHistory("jml-joiner-history.json");
	}

	@Test
	void rejectCompensatesEarlierGrantsInReverseOrder() throws IOException {
		start(MANAGER, IT, SECURITY, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("activate:it:0");
		decide("a2", "approve", "it", 0, "ivan");
		activities.awaitCall("activate:security:0");
		decide("a3", "reject", "security", 0, "sara");

		assertThat(result()).isEqualTo("rejected");
		assertThat(activities.calls()).endsWith("decision:a3:applied:rejected:0:null",
				"compensate:1:it:vpn:rejected", "compensate:2:it:accounts:rejected", "finish:rejected");
		assertThat(activities.calls("activate:notify")).isEmpty();
		recordHistory("jml-reject-history.json");
	}

	@Test
	void aBlockedStageRetriesOnADoublingTimerAndAcceptsWithdraw() throws IOException {
		activities.block("security");
		start(MANAGER, IT, SECURITY, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("activate:it:0");
		decide("a2", "approve", "it", 0, "ivan");
		activities.awaitCall("blocked:security:0");
		env.sleep(Duration.ofMinutes(8));
		activities.awaitCalls("blocked:security:0", 4);
		decide("a3", "approve", "security", 0, "sara");
		decide("a4", "withdraw", null, null, "hana");

		assertThat(result()).isEqualTo("withdrawn");
		List<Long> until = activities.blockedUntil();
		assertWaited(until.get(1) - until.get(0), Duration.ofMinutes(2));
		assertWaited(until.get(2) - until.get(1), Duration.ofMinutes(4));
		assertWaited(until.get(3) - until.get(2), Duration.ofMinutes(8));
		assertThat(activities.calls()).endsWith("decision:a3:ignored:null:0:null",
				"decision:a4:applied:withdrawn:0:null", "compensate:1:it:vpn:withdrawn",
				"compensate:2:it:accounts:withdrawn", "finish:withdrawn");
		recordHistory("jml-blocked-withdraw-history.json");
	}

	@Test
	void theBlockedBackoffIsCappedAndAStageUnblocksAtTheNextRetry() {
		activities.block("it");
		start(MANAGER, IT, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("blocked:it:0");
		env.sleep(Duration.ofHours(5));
		List<Long> until = activities.blockedUntil();
		assertWaited(until.get(until.size() - 1) - until.get(until.size() - 2), Duration.ofHours(1));

		activities.unblock("it");
		env.sleep(Duration.ofHours(1));
		activities.awaitCall("activate:it:0");
		decide("a2", "approve", "it", 0, "ivan");
		assertThat(result()).isEqualTo("completed");
	}

	@Test
	void returnParksTheRunOnTheStageUntilResubmit() throws IOException {
		start(MANAGER, IT, NOTIFY);
		decide("a1", "return", "manager", 0, "manny");
		activities.awaitCall("decision:a1");
		decide("a2", "approve", "manager", 0, "manny");
		activities.awaitCall("decision:a2");
		decide("a3", "resubmit", null, null, "hana");
		activities.awaitCall("activate:manager:1");
		decide("a4", "approve", "manager", 1, "manny");
		activities.awaitCall("activate:it:0");
		decide("a5", "approve", "it", 0, "ivan");

		assertThat(result()).isEqualTo("completed");
		assertThat(activities.calls()).startsWith("activate:manager:0", "decision:a1:applied:returned:0:returned",
				"decision:a2:ignored:null:0:null", "decision:a3:applied:null:0:running", "activate:manager:1",
				"decision:a4:applied:approved:1:null");
		recordHistory("jml-return-resubmit-history.json");
	}

	@Test
	void notifyStagesCloseInTheirActivation() {
		start(NOTIFY, MANAGER, NOTIFY);
		activities.awaitCall("activate:manager:0");
		decide("a1", "approve", "manager", 0, "manny");

		assertThat(result()).isEqualTo("completed");
		assertThat(activities.calls()).containsExactly("activate:notify:0", "activate:manager:0",
				"decision:a1:applied:approved:1:null", "activate:notify:0", "finish:completed");
	}

	@Test
	void aDecisionTheProjectionRefusesForGoodLeavesTheRunNeedingAttentionInsteadOfFailingTheExecution()
			throws IOException {
		activities.failPermanently("decision:a1");
		start(MANAGER, IT, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");

		assertThat(result()).isEqualTo("needs_attention");
		assertThat(activities.calls()).containsExactly("activate:manager:0", "decision:a1:applied:approved:1:null",
				"needs-attention:The workflow could not record the approve of manny: projection refused "
						+ "decision:a1:applied:approved:1:null");
		recordHistory("jml-needs-attention-history.json");
	}

	@Test
	void aGrantThatCannotBeUndoneLeavesTheRunNeedingAttention() {
		activities.failPermanently("compensate:1:");
		start(MANAGER, IT, SECURITY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("activate:it:0");
		decide("a2", "approve", "it", 0, "ivan");
		activities.awaitCall("activate:security:0");
		decide("a3", "reject", "security", 0, "sara");

		assertThat(result()).isEqualTo("needs_attention");
		assertThat(activities.calls()).endsWith("compensate:1:it:vpn:rejected",
				"needs-attention:The workflow could not undo grant vpn: projection refused compensate:1:it:vpn:rejected");
		assertThat(activities.calls("finish:")).isEmpty();
	}

	@Test
	void aRunThatCannotBeFinishedNeedsAttention() {
		activities.failPermanently("finish:");
		start(MANAGER);
		decide("a1", "approve", "manager", 0, "manny");

		assertThat(result()).isEqualTo("needs_attention");
		assertThat(activities.calls()).last().asString()
			.startsWith("needs-attention:The workflow could not finish the run completed");
	}

	@Test
	void aBlockedStageThatCannotBeMarkedNeedsAttention() {
		activities.block("it").failPermanently("blocked:");
		start(MANAGER, IT);
		decide("a1", "approve", "manager", 0, "manny");

		assertThat(result()).isEqualTo("needs_attention");
		assertThat(activities.calls()).last().asString()
			.startsWith("needs-attention:The workflow could not mark stage it_access blocked");
	}

	@Test
	void anIgnoredDecisionThatCannotBeRecordedNeedsAttention() {
		activities.failPermanently("decision:a1:ignored");
		start(MANAGER, IT);
		decide("a1", "approve", "manager", 0, "mallory");

		assertThat(result()).isEqualTo("needs_attention");
		assertThat(activities.calls()).last().asString()
			.startsWith("needs-attention:The workflow could not record the ignored approve of mallory");
	}

	@Test
	void aRepairedRunGoesOnFromTheProjectionsStateWithItsDecisionsKept() throws IOException {
		// manager approved (granted nothing), IT approved (accounts, vpn); security has sara's approval of 2
		Resume resume = new Resume(2, 0, 1, List.of("sara"), List.of(
				new workflow.engine.Orchestrator.Granted(IT.stageId(), "accounts"),
				new workflow.engine.Orchestrator.Granted(IT.stageId(), "vpn")),
				List.of(TestIds.id("a1"), TestIds.id("a2"), TestIds.id("a3")), false, null, 0, 0);
		start(resume, MANAGER, IT, SECURITY, NOTIFY);
		decide("a3", "approve", "security", 0, "sara");
		decide("a4", "approve", "security", 0, "sara");
		decide("a5", "approve", "security", 0, "sam");

		assertThat(result()).isEqualTo("completed");
		// a3 was settled before the repair: its re-sent signal is a duplicate; sara counted already
		assertThat(activities.calls()).containsExactly("activate:security:0", "decision:a4:ignored:null:0:null",
				"decision:a5:applied:approved:2:null", "activate:notify:0", "finish:completed");
		recordHistory("jml-repair-resume-history.json");
	}

	@Test
	void aRepairedRejectedRunOnlyCompensatesAndFinishes() {
		Resume resume = new Resume(2, 0, 0, List.of(), List.of(
				new workflow.engine.Orchestrator.Granted(IT.stageId(), "accounts"),
				new workflow.engine.Orchestrator.Granted(IT.stageId(), "vpn")), List.of(), false, "rejected", 0, 0);
		start(resume, MANAGER, IT, SECURITY, NOTIFY);

		assertThat(result()).isEqualTo("rejected");
		assertThat(activities.calls()).containsExactly("compensate:1:it:vpn:rejected",
				"compensate:2:it:accounts:rejected", "finish:rejected");
	}

	@Test
	void aRepairedReturnedRunWaitsForResubmit() {
		Resume resume = new Resume(0, 0, 0, List.of(), List.of(), List.of(), true, null, 0, 0);
		start(resume, MANAGER, IT);
		decide("a1", "approve", "manager", 0, "manny");
		decide("a2", "resubmit", null, null, "hana");
		activities.awaitCall("activate:manager:1");
		decide("a3", "approve", "manager", 1, "manny");
		activities.awaitCall("activate:it:0");
		decide("a4", "approve", "it", 0, "ivan");

		assertThat(result()).isEqualTo("completed");
		assertThat(activities.calls()).startsWith("decision:a1:ignored:null:0:null", "decision:a2:applied:null:0:running",
				"activate:manager:1");
	}

	@Test
	void aRunBlockedForAMonthStaysUnderTheHistoryBoundAndStillAcceptsWithdraw() throws Exception {
		activities.block("it");
		start(new Timing(10, 60, 60, 3600, 300, 0), null, MANAGER, IT, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("blocked:it:0");
		env.sleep(Duration.ofDays(30));

		var description = env.getWorkflowClient().newUntypedWorkflowStub(workflowId).describe();
		assertThat(description.getHistoryLength()).as("history of the current execution").isLessThan(300 + 50);
		assertThat(description.getExecution().getRunId()).as("continued as new").isNotEqualTo(description.getFirstRunId());
		// about one try an hour once the backoff reached its cap
		assertThat(activities.calls("blocked-try:it:0").size()).isBetween(700, 740);

		// a re-sent approval from before the continue-as-new is a duplicate (its id was carried over);
		// a withdraw reaches the current execution and undoes nothing (nothing was granted)
		var current = env.getWorkflowClient().newUntypedWorkflowStub(workflowId);
		current.signal(JmlWorkflow.DECISION_SIGNAL,
				new Decision(TestIds.id("a1"), ActionKind.APPROVE, TestIds.id("manager"), 0, "manny", null));
		current.signal(JmlWorkflow.DECISION_SIGNAL, new Decision(TestIds.id("a6"), ActionKind.WITHDRAW, null, null, "hana", null));
		assertThat(env.getWorkflowClient().newUntypedWorkflowStub(workflowId).getResult(30, TimeUnit.SECONDS, String.class))
			.isEqualTo("withdrawn");
		assertThat(activities.calls()).endsWith("decision:a6:applied:withdrawn:0:null", "finish:withdrawn");
		assertThat(activities.calls("decision:a1")).hasSize(1);
		recordHistory("jml-blocked-continue-as-new-history.json");
	}

	@Test
	void aLongDecisionWaitContinuesAsNewAndTheRunCompletesWithLaterDecisions() throws Exception {
		start(new Timing(10, 60, 60, 3600, 100, 0), null, MANAGER, SECURITY, NOTIFY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("activate:security:0");
		signal(new Decision(TestIds.id("a2"), ActionKind.APPROVE, TestIds.id("security"), 0, "sara", null));
		activities.awaitCall("decision:a2");
		// a stage that collects many decisions which do not count, over weeks: each adds to the history
		for (int i = 0; i < 40; i++) {
			env.sleep(Duration.ofHours(12));
			signal(new Decision(TestIds.id("x" + i), ActionKind.APPROVE, TestIds.id("security"), 0, "mallory", null));
			activities.awaitCall("decision:" + TestIds.id("x" + i));
		}

		var description = env.getWorkflowClient().newUntypedWorkflowStub(workflowId).describe();
		assertThat(description.getExecution().getRunId()).as("continued as new").isNotEqualTo(description.getFirstRunId());
		assertThat(description.getHistoryLength()).as("history of the current execution").isLessThan(100 + 30);
		// each continued execution re-activates the stage, which the projection answers with the same activation
		assertThat(activities.calls("activate:security:0").size()).isGreaterThan(1);

		// sara's approval from before the continue-as-new still counts: a re-sent one is a duplicate (its
		// id was carried), a second one of hers is refused, and sam's meets the quorum of two
		signal(new Decision(TestIds.id("a2"), ActionKind.APPROVE, TestIds.id("security"), 0, "sara", null));
		signal(new Decision(TestIds.id("a3"), ActionKind.APPROVE, TestIds.id("security"), 0, "sara", null));
		signal(new Decision(TestIds.id("a4"), ActionKind.APPROVE, TestIds.id("security"), 0, "sam", null));
		assertThat(env.getWorkflowClient().newUntypedWorkflowStub(workflowId).getResult(30, TimeUnit.SECONDS, String.class))
			.isEqualTo("completed");
		assertThat(activities.calls("decision:a2")).containsExactly("decision:a2:applied:active:1:null");
		assertThat(activities.calls("decision:a3")).containsExactly("decision:a3:ignored:null:0:null");
		assertThat(activities.calls()).endsWith("decision:a4:applied:approved:2:null", "activate:notify:0",
				"finish:completed");
		recordHistory("jml-decision-continue-as-new-history.json");
	}

	@Test
	void aStageBlockedPastTheRetryCapLeavesTheRunNeedingAttention() {
		activities.block("it");
		start(new Timing(10, 60, 60, 3600, 0, 3), null, MANAGER, IT);
		decide("a1", "approve", "manager", 0, "manny");

		assertThat(result()).isEqualTo("needs_attention");
		assertThat(activities.calls("blocked-try:it:0")).hasSize(4);
		assertThat(activities.calls()).last().asString()
			.isEqualTo("needs-attention:Stage it_access stayed blocked through 3 retries: no eligible approver for it");
	}

	@Test
	void aFirstStageThatCannotBeActivatedFailsTheStart() {
		activities.block("manager");
		start(MANAGER, IT);

		assertThat(result()).isEqualTo("start_failed");
		assertThat(activities.calls()).containsExactly("blocked-try:manager:0",
				"start-failed:no eligible approver for manager");
	}

	@Test
	void aDuplicateDecisionIsIgnoredByItsActionId() {
		start(MANAGER, SECURITY);
		decide("a1", "approve", "manager", 0, "manny");
		activities.awaitCall("activate:security:0");
		decide("a2", "approve", "security", 0, "sara");
		decide("a2", "approve", "security", 0, "sara");
		activities.awaitCall("decision:a2");
		decide("a3", "approve", "security", 0, "sam");

		assertThat(result()).isEqualTo("completed");
		assertThat(activities.calls("decision:a2")).containsExactly("decision:a2:applied:active:1:null");
	}

	/** With -Dworkflow.history.update=true, stores the finished run's history for the replay test. */
	private void recordHistory(String file) throws IOException {
		if (Boolean.getBoolean("workflow.history.update")) {
			Files.writeString(HISTORIES.resolve(file), env.getWorkflowClient().fetchHistory(workflowId).toJson(true));
		}
	}

	/** Consecutive blocked-until marks are one wait apart, plus the (real) time the activities took. */
	private static void assertWaited(long millis, Duration wait) {
		assertThat(millis).isBetween(wait.toMillis(), wait.toMillis() + 5_000);
	}

	private void start(StagePlan... stages) {
		start(null, stages);
	}

	private void start(Resume resume, StagePlan... stages) {
		start(new Timing(10, 60, 60, 3600, 0, 0), resume, stages);
	}

	private void start(Timing timing, Resume resume, StagePlan... stages) {
		workflowId = "jml-" + UUID.randomUUID();
		workflow = env.getWorkflowClient().newWorkflowStub(JmlWorkflow.class,
				WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(QUEUE).build());
		WorkflowStub.fromTyped(workflow).signalWithStart(JmlWorkflow.START_SIGNAL, new Object[] { TestIds.id("run-1") },
				new Object[] { new Input("acme", UUID.randomUUID(), "joiner", List.of(stages),
						timing, resume) });
	}

	private void decide(String actionId, String action, String stageId, Integer round, String actor) {
		workflow.decide(new Decision(TestIds.id(actionId), ActionKind.of(action), TestIds.id(stageId), round, actor, null));
	}

	/** Signals the current execution of the run (the typed stub stays with the first one). */
	private void signal(Decision decision) {
		env.getWorkflowClient().newUntypedWorkflowStub(workflowId).signal(JmlWorkflow.DECISION_SIGNAL, decision);
	}

	private String result() {
		try {
			return WorkflowStub.fromTyped(workflow).getResult(30, TimeUnit.SECONDS, String.class);
		}
		catch (TimeoutException e) {
			throw new AssertionError("the workflow did not finish; calls: " + activities.calls(), e);
		}
	}
}
