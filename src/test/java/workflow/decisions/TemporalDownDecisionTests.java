package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.Job;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.AppUser;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.ActionRequest;
import workflow.RunDetail;
import workflow.RunFilter;
import workflow.Runs;
import workflow.Stage;
import workflow.StageStatus;
import workflow.WorkflowProperties;
import workflow.assignees.AssigneeResolver;
import workflow.endings.RunEndings;
import workflow.engine.temporal.UnreachableTemporal;
import workflow.store.ActionRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/**
 * Nobody waits on Temporal: with Temporal unreachable, an approve is answered as soon as the
 * decision is stored, well within the call deadline; its signal is tried once in the background
 * and, once Temporal is back, the redelivery job sends it and the workflow applies it.
 */
@JmlHubIntegrationTest
class TemporalDownDecisionTests {

	static final Duration DEADLINE = Duration.ofSeconds(1);
	static final Duration TIMEOUT = Duration.ofSeconds(30);

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Runs runs;

	@Autowired
	RunRepository runRepository;

	@Autowired
	StageRepository stages;

	@Autowired
	ActionRepository actions;

	@Autowired
	RunEndings endings;

	@Autowired
	AssigneeResolver assignees;

	@Autowired
	PlatformAudit audit;

	@Autowired
	WorkflowProperties properties;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	List<Job> jobs;

	Stage activeStage(UUID runId, String name) {
		RunDetail detail = runs.detail("acme", runId);
		return detail.stages().stream()
			.filter(stage -> stage.name().equals(name) && stage.status() == StageStatus.ACTIVE)
			.findFirst()
			.orElse(null);
	}

	@Test
	void anApproveWithTemporalDownReturnsWithinTheDeadlineAndIsAppliedOnceTemporalIsBack() throws Exception {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant("acme", () -> outbox.publish(new EmployeeHired(employeeId, "Outage Hire",
				"outage-" + employeeId + "@acme.example", "Engineering", "manny", LocalDate.of(2030, 1, 15))));
		UUID runId = await().atMost(TIMEOUT)
			.until(() -> runs.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
				.findFirst().map(row -> row.run().id()).orElse(null), id -> id != null);
		Stage manager = await().atMost(TIMEOUT).until(() -> activeStage(runId, "manager_approval"), stage -> stage != null);

		AppUser manny = new AppUser("manny", "acme", "Acme", "Manny Manager", Set.of(Role.APPROVER), Set.of("managers"),
				true, "unused");
		Action answered;
		Duration took;
		try (UnreachableTemporal down = new UnreachableTemporal(DEADLINE, properties)) {
			SignalDelivery delivery = new SignalDelivery(transactions, actions, runRepository, stages, down.orchestrator(), properties,
					Clock.systemUTC());
			SignalSender sender = new SignalSender(new SignalSender.Settings(1, 10));
			sender.start();
			RunActions cutOff = new RunActions(transactions, runRepository, stages, actions, delivery, sender, endings, assignees, audit);
			long started = System.nanoTime();
			answered = cutOff.act(manny, runId, new ActionRequest(ActionKind.APPROVE, manager.id(), "ok", "outage-" + runId));
			took = Duration.ofNanos(System.nanoTime() - started);
			// waits for the signal attempt
			sender.stop();
		}

		// answered once stored, without waiting for the unreachable engine's deadline
		assertThat(took).isLessThan(DEADLINE);
		assertThat(answered.signalAttempts()).isZero();
		Action approve = transactions.readInTenant("acme", () -> actions.find(answered.id()).orElseThrow());
		assertThat(approve.outcome()).isNull();
		assertThat(approve.signalSentAt()).isNull();
		assertThat(approve.signalAttempts()).isEqualTo(1);
		assertThat(approve.lastSignalError()).contains("Temporal");
		assertThat(approve.nextSignalAt()).isNotNull();

		// Temporal is back: once the action's next attempt is due, the job sends it
		transactions.runInTenant("acme", () -> jdbc
			.sql("UPDATE workflow_actions SET next_signal_at = now() - interval '1 second' WHERE id = :id")
			.param("id", approve.id())
			.update());
		jobs.stream().filter(job -> job.name().equals("workflow_signal_redelivery")).findFirst().orElseThrow().run();

		await().atMost(TIMEOUT).until(() -> activeStage(runId, "it_access") != null);
		Action applied = transactions.readInTenant("acme", () -> actions.find(approve.id()).orElseThrow());
		assertThat(applied.outcome()).isEqualTo(ActionOutcome.APPLIED);
		assertThat(applied.signalSentAt()).isNotNull();
	}
}
