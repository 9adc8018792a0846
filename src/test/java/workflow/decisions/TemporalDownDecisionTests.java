package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.AppUser;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.ActionRequest;
import workflow.Stage;
import workflow.WorkflowProperties;
import workflow.assignees.AssigneeResolver;
import workflow.endings.RunEndings;
import workflow.engine.temporal.UnreachableTemporal;
import workflow.store.ActionRepository;
import workflow.store.RunRepository;
import workflow.store.StageRepository;
import workflow.testing.AcmeJoiners;

/**
 * Nobody waits on Temporal: with Temporal unreachable, an approve is answered as soon as the
 * decision is stored, well within the call deadline; its signal is tried once in the background
 * and, once Temporal is back, the redelivery job sends it and the workflow applies it.
 */
@JmlHubIntegrationTest
@ExtendWith(AcmeJoiners.Resolver.class)
class TemporalDownDecisionTests {

	static final Duration DEADLINE = Duration.ofSeconds(1);

	@Autowired
	TenantTransactions transactions;

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

	@Test
	void anApproveWithTemporalDownReturnsWithinTheDeadlineAndIsAppliedOnceTemporalIsBack(AcmeJoiners acme) throws Exception {
		UUID runId = acme.atManagerApproval("Outage Hire", "manny");
		Stage manager = acme.stage(runId, "manager_approval");

		AppUser manny = new AppUser("manny", "acme", "Acme", "Manny Manager", Set.of(Role.APPROVER), Set.of("managers"),
				true, "unused");
		Action answered;
		Duration took;
		try (UnreachableTemporal down = new UnreachableTemporal(DEADLINE, properties)) {
			SignalDelivery delivery = new SignalDelivery(transactions, actions, runRepository, stages, down.orchestrator(), properties,
					Clock.systemUTC(), endings);
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
		acme.runJob("workflow_signal_redelivery");

		acme.awaitActive(runId, "it_access");
		Action applied = transactions.readInTenant("acme", () -> actions.find(approve.id()).orElseThrow());
		assertThat(applied.outcome()).isEqualTo(ActionOutcome.APPLIED);
		assertThat(applied.signalSentAt()).isNotNull();
	}
}
