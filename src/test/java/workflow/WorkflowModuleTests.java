package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.Scenario;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.OutboxPublisher;
import outbox.catalog.AccessRevoked;
import outbox.catalog.EmployeeHired;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.StageActivated;
import outbox.catalog.RunReturned;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.StageNotified;
import outbox.catalog.EffectFailed;
import outbox.catalog.AccessEnding;
import outbox.catalog.StageReminderDue;
import outbox.catalog.StageEscalated;
import outbox.catalog.RunStarted;
import outbox.catalog.StageDecided;
import outbox.catalog.StageEscalationWarning;
import outbox.testing.HandlerScript;
import outbox.testing.TestHandlers.ScriptedHandler;
import platform.AppUser;
import platform.JmlHubApplication;
import platform.ReportingLines;
import platform.Role;
import platform.TenantTransactions;

/**
 * The workflow module with the outbox, jobs and platform but without HR: an {@link EmployeeHired}
 * record published through the real outbox, as HR publishes it, creates a joiner run carrying the
 * employee's fields and starts its workflow; the grant an approved stage records (and its
 * compensation) is published as {@link GrantRecorded}, carrying whom it is for, to a recording
 * stand-in for the provisioning module.
 */
@ApplicationModuleTest(module = "workflow", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES)
@Import(WorkflowModuleTests.HrStandIn.class)
class WorkflowModuleTests {

	/**
	 * HR's part of the catalog (the run outcomes it consumes), provisioning's (the grants) and
	 * notifications' (activated stages, concluded runs), recorded instead.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class HrStandIn {

		@Bean
		HandlerScript handlerScript() {
			return new HandlerScript();
		}

		@Bean
		OutboxEventHandler<RunFinished> runFinished(HandlerScript script) {
			return new ScriptedHandler<>(RunFinished.class, script);
		}

		@Bean
		OutboxEventHandler<AccessRevoked> accessRevoked(HandlerScript script) {
			return new ScriptedHandler<>(AccessRevoked.class, script);
		}

		@Bean
		OutboxEventHandler<StageActivated> stageActivated(HandlerScript script) {
			return new ScriptedHandler<>(StageActivated.class, script);
		}

		/**
		 * hr's stand-in: HR records no manager for anyone (escalations to a manager's manager find
		 * nobody), and a manager is named by username, as before employee numbers.
		 */
		@Bean
		ReportingLines reportingLines() {
			return new ReportingLines() {

				@Override
				public java.util.Optional<String> managerOf(String tenantId, String email) {
					return java.util.Optional.empty();
				}

				@Override
				public java.util.Optional<String> userOfManager(String tenantId, String manager) {
					return java.util.Optional.ofNullable(manager);
				}
			};
		}

		@Bean
		OutboxEventHandler<StageReminderDue> reminderDue(HandlerScript script) {
			return new ScriptedHandler<>(StageReminderDue.class, script);
		}

		@Bean
		OutboxEventHandler<StageEscalationWarning> escalationWarning(HandlerScript script) {
			return new ScriptedHandler<>(StageEscalationWarning.class, script);
		}

		@Bean
		OutboxEventHandler<StageEscalated> escalated(HandlerScript script) {
			return new ScriptedHandler<>(StageEscalated.class, script);
		}

		@Bean
		OutboxEventHandler<RunStarted> runStarted(HandlerScript script) {
			return new ScriptedHandler<>(RunStarted.class, script);
		}

		@Bean
		OutboxEventHandler<StageDecided> stageDecided(HandlerScript script) {
			return new ScriptedHandler<>(StageDecided.class, script);
		}

		@Bean
		OutboxEventHandler<RunReturned> runReturned(HandlerScript script) {
			return new ScriptedHandler<>(RunReturned.class, script);
		}

		@Bean
		OutboxEventHandler<RunNeedsAdmin> runNeedsAdmin(HandlerScript script) {
			return new ScriptedHandler<>(RunNeedsAdmin.class, script);
		}

		@Bean
		OutboxEventHandler<StageNotified> stageNotified(HandlerScript script) {
			return new ScriptedHandler<>(StageNotified.class, script);
		}

		@Bean
		OutboxEventHandler<outbox.catalog.AccessRequestChanged> accessRequestChanged(HandlerScript script) {
			return new ScriptedHandler<>(outbox.catalog.AccessRequestChanged.class, script);
		}

		@Bean
		OutboxEventHandler<EffectFailed> effectFailed(HandlerScript script) {
			return new ScriptedHandler<>(EffectFailed.class, script);
		}

		@Bean
		OutboxEventHandler<AccessEnding> accessEnding(HandlerScript script) {
			return new ScriptedHandler<>(AccessEnding.class, script);
		}

		@Bean
		RecordingProvisioning recordingProvisioning() {
			return new RecordingProvisioning();
		}
	}

	/** The grant changes delivered to provisioning, in order. */
	static class RecordingProvisioning implements OutboxEventHandler<GrantRecorded> {

		final List<GrantRecorded> changes = new CopyOnWriteArrayList<>();

		@Override
		public Class<GrantRecorded> eventType() {
			return GrantRecorded.class;
		}

		@Override
		public void handle(GrantRecorded change, Delivery delivery) {
			changes.add(change);
		}

		List<GrantRecorded> of(UUID runId) {
			return changes.stream().filter(change -> change.runId().equals(runId)).toList();
		}
	}

	static final Duration TIMEOUT = Duration.ofSeconds(60);

	static final AppUser MANNY = approver("manny", "managers");
	static final AppUser IVAN = approver("ivan", "it");
	static final AppUser SARA = approver("sara", "security");

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	Runs runs;

	@Autowired
	RecordingProvisioning provisioning;

	@Autowired
	JdbcClient jdbc;

	@Test
	void aPublishedEmployeeHiredCreatesAJoinerRun(Scenario scenario) {
		UUID employeeId = UUID.randomUUID();
		EmployeeHired hired = new EmployeeHired(employeeId, "Ana Lima", "ana-" + employeeId + "@acme.example",
				"Engineering", "manny", LocalDate.of(2031, 3, 1));

		scenario.stimulate(() -> transactions.runInTenant("acme", () -> outbox.publish(hired)))
			.andWaitForStateChange(() -> runningRunOf(employeeId))
			.andVerify(run -> {
				assertThat(run).isPresent();
				assertThat(run.get().definitionKey()).isEqualTo("joiner");
				assertThat(run.get().employeeName()).isEqualTo("Ana Lima");
				assertThat(run.get().employeeEmail()).isEqualTo(hired.email());
				assertThat(run.get().department()).isEqualTo("Engineering");
				assertThat(run.get().manager()).isEqualTo("manny");
				assertThat(run.get().effectiveDate()).isEqualTo(LocalDate.of(2031, 3, 1));
				assertThat(run.get().workflowId()).isEqualTo("jml-" + run.get().id());
			});
	}

	@Test
	void anApprovedStagesGrantIsPublishedWithWhomItIsForAndSoIsItsCompensation(Scenario scenario) {
		UUID employeeId = UUID.randomUUID();
		Stage it = joinerApprovedByIt(scenario, employeeId);
		UUID runId = it.runId();
		GrantRecorded.Employee employee = new GrantRecorded.Employee("Gil Grant", email(employeeId), null, "Engineering",
				null, "manny", LocalDate.of(2031, 3, 1), null, null);

		assertThat(provisioning.of(runId)).containsExactly(new GrantRecorded(runId, it.id(), "accounts", employeeId,
				GrantState.GRANTED, RunDefinition.JOINER, employee));
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(grantEvents(runId)).containsExactly("granted delivered"));

		// security rejects: compensation undoes the grant, and provisioning hears of that too
		Stage security = await().atMost(TIMEOUT).until(() -> activeStage(employeeId, "security_approval"), stage -> stage != null);
		decide(SARA, security, ActionKind.REJECT, "No background check on file.");
		await().atMost(TIMEOUT).until(() -> provisioning.of(runId).size() == 2);
		assertThat(provisioning.of(runId).get(1)).isEqualTo(new GrantRecorded(runId, it.id(), "accounts", employeeId,
				GrantState.COMPENSATED, RunDefinition.JOINER, employee));
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(grantEvents(runId))
			.containsExactlyInAnyOrder("granted delivered", "compensated delivered"));
	}

	/** A joiner approved by its manager and IT, once IT's {@code accounts} grant reached the provisioning; its IT stage. */
	private Stage joinerApprovedByIt(Scenario scenario, UUID employeeId) {
		EmployeeHired hired = new EmployeeHired(employeeId, "Gil Grant", email(employeeId), "Engineering", "manny",
				LocalDate.of(2031, 3, 1));
		AtomicReference<Stage> manager = new AtomicReference<>();
		scenario.stimulate(() -> transactions.runInTenant("acme", () -> outbox.publish(hired)))
			.andWaitAtMost(TIMEOUT)
			.andWaitForStateChange(() -> activeStage(employeeId, "manager_approval"))
			.andVerify(manager::set);
		decide(MANNY, manager.get(), ActionKind.APPROVE, null);
		Stage it = await().atMost(TIMEOUT).until(() -> activeStage(employeeId, "it_access"), stage -> stage != null);
		decide(IVAN, it, ActionKind.APPROVE, null);
		await().atMost(TIMEOUT).until(() -> !provisioning.of(it.runId()).isEmpty());
		return it;
	}

	private void decide(AppUser user, Stage stage, ActionKind kind, String comment) {
		runs.act(user, stage.runId(), new ActionRequest(kind, stage.id(), comment, UUID.randomUUID().toString()));
	}

	private Stage activeStage(UUID employeeId, String name) {
		return runningRunOf(employeeId).flatMap(run -> runs.detail("acme", run.id()).stages().stream()
			.filter(stage -> stage.name().equals(name) && stage.status() == StageStatus.ACTIVE)
			.findFirst()).orElse(null);
	}

	/** The run's {@code workflow.grant.recorded} events in the outbox: "status outbox-status". */
	private List<String> grantEvents(UUID runId) {
		return transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT payload->>'status' || ' ' || status FROM outbox_events
				WHERE event_type = :type AND aggregate_id = :runId""")
			.param("type", GrantRecorded.TYPE)
			.param("runId", runId)
			.query(String.class)
			.list());
	}

	private static String email(UUID employeeId) {
		return "grant-" + employeeId + "@acme.example";
	}

	private static AppUser approver(String username, String group) {
		return new AppUser(username, "acme", "Acme", username, Set.of(Role.APPROVER), Set.of(group), true, "unused");
	}

	private Optional<Run> runningRunOf(UUID employeeId) {
		return runs.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
			.map(RunRow::run)
			.filter(run -> run.status() == RunStatus.RUNNING)
			.findFirst();
	}
}
