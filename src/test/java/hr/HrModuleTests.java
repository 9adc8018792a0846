package hr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Map;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.Scenario;

import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Offboard;
import hr.EmployeeCommands.Move;
import hr.EmployeeCommands.Update;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.FieldChange;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.EmployeeOffboardingCancelled;
import outbox.catalog.RunDefinition;
import outbox.catalog.ApproversChanged;
import outbox.catalog.GrantRecorded;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageActivated;
import outbox.catalog.RunReturned;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.StageNotified;
import outbox.catalog.EffectFailed;
import outbox.catalog.AccessEnding;
import outbox.catalog.StageEscalated;
import outbox.catalog.RunStarted;
import outbox.catalog.StageDecided;
import outbox.catalog.StageEscalationWarning;
import outbox.catalog.StageReminderDue;
import outbox.OutboxEventHandler;
import outbox.OutboxPublisher;
import outbox.catalog.AccessRevoked;
import outbox.testing.HandlerScript;
import outbox.testing.TestHandlers.ScriptedHandler;
import hr.jobs.StarterActivationJob;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.JmlHubApplication;
import platform.TenantTransactions;

/**
 * The HR module with the outbox and platform, and the outbox's test handlers in place of the
 * workflow module: what HR publishes is exactly the catalog record the consumers receive, through
 * the real outbox on the real database. A renamed field breaks compilation here, not production.
 */
@ApplicationModuleTest(module = "hr", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES)
@Import(HrModuleTests.OtherModules.class)
class HrModuleTests {

	/** Scripted handlers for the catalog records HR does not consume itself (the workflow module's part). */
	@TestConfiguration(proxyBeanMethods = false)
	static class OtherModules {

		@Bean
		HandlerScript handlerScript() {
			return new HandlerScript();
		}

		@Bean
		OutboxEventHandler<EmployeeHired> hired(HandlerScript script) {
			return new ScriptedHandler<>(EmployeeHired.class, script);
		}

		@Bean
		OutboxEventHandler<EmployeeTransferred> transferred(HandlerScript script) {
			return new ScriptedHandler<>(EmployeeTransferred.class, script);
		}

		@Bean
		OutboxEventHandler<EmployeeOffboarded> offboarded(HandlerScript script) {
			return new ScriptedHandler<>(EmployeeOffboarded.class, script);
		}

		@Bean
		OutboxEventHandler<EmployeeRunRequested> runRequested(HandlerScript script) {
			return new ScriptedHandler<>(EmployeeRunRequested.class, script);
		}

		@Bean
		OutboxEventHandler<EmployeeOffboardingCancelled> offboardingCancelled(HandlerScript script) {
			return new ScriptedHandler<>(EmployeeOffboardingCancelled.class, script);
		}

		@Bean
		OutboxEventHandler<EmployeeUpdated> updated(HandlerScript script) {
			return new ScriptedHandler<>(EmployeeUpdated.class, script);
		}

		@Bean
		OutboxEventHandler<RunStartRequested> startRequested(HandlerScript script) {
			return new ScriptedHandler<>(RunStartRequested.class, script);
		}

		@Bean
		OutboxEventHandler<StageReminderDue> reminderDue(HandlerScript script) {
			return new ScriptedHandler<>(StageReminderDue.class, script);
		}

		@Bean
		OutboxEventHandler<StageActivated> stageActivated(HandlerScript script) {
			return new ScriptedHandler<>(StageActivated.class, script);
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
		OutboxEventHandler<GrantRecorded> grantRecorded(HandlerScript script) {
			return new ScriptedHandler<>(GrantRecorded.class, script);
		}

		@Bean
		OutboxEventHandler<ApproversChanged> approversChanged(HandlerScript script) {
			return new ScriptedHandler<>(ApproversChanged.class, script);
		}
	}

	@Autowired
	EmployeeService employees;

	@Autowired
	HandlerScript delivered;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	TenantTransactions transactions;

	@Test
	void hiringPublishesEmployeeHiredWithTheEmployeesFields(Scenario scenario) {
		String email = "module-" + UUID.randomUUID() + "@acme.example";
		scenario.stimulate(() -> employees.hire("acme",
				new Hire(" Ana Lima ", email, "Engineering", "manny", LocalDate.of(2031, 3, 1), null)))
			.andWaitForStateChange(() -> received(EmployeeHired.TYPE, employeeIdOf(email)))
			.andVerify(event -> assertThat(event).contains(new EmployeeHired(employeeIdOf(email), "Ana Lima", email,
					"Engineering", "manny", LocalDate.of(2031, 3, 1))));
	}

	@Test
	void aTransferAndAnOffboardingPublishTheirRecords(Scenario scenario) {
		Employee hired = employees.hire("acme", new Hire("Mo Ver", "mover-" + UUID.randomUUID() + "@acme.example",
				"Sales", null, LocalDate.of(2031, 1, 6), null));

		scenario.stimulate(() -> employees.transfer("acme", "hana", hired.id(), new Move("Legal", "manny", false),
				ExpectedVersion.of(null, hired.version()), ChangeSource.API))
			.andWaitForStateChange(() -> received(EmployeeTransferred.TYPE + ":" + hired.id() + ":" + (hired.version() + 1)))
			.andVerify(event -> assertThat(event).contains(new EmployeeTransferred(hired.id(), hired.version() + 1,
					"Mo Ver", hired.email(), "Sales", "Legal", null, "manny", LocalDate.of(2031, 1, 6), null, "hana",
					LocalDate.now(ZoneOffset.UTC))));
		// a transfer effective later says so; the run schedules the directory change for that day
		scenario.stimulate(() -> employees.transfer("acme", "hana", hired.id(),
				new Move("Ops", null, false, LocalDate.of(2031, 2, 1)), ExpectedVersion.of(null, hired.version() + 1), ChangeSource.API))
			.andWaitForStateChange(() -> received(EmployeeTransferred.TYPE + ":" + hired.id() + ":" + (hired.version() + 2)))
			.andVerify(event -> assertThat(event).contains(new EmployeeTransferred(hired.id(), hired.version() + 2,
					"Mo Ver", hired.email(), "Legal", "Ops", "manny", "manny", LocalDate.of(2031, 1, 6), null, "hana",
					LocalDate.of(2031, 2, 1))));

		scenario.stimulate(() -> employees.offboard("acme", "hana", hired.id(), new Offboard(LocalDate.of(2031, 6, 30), null),
				ExpectedVersion.of(null, hired.version() + 2), ChangeSource.API))
			.andWaitForStateChange(() -> received(EmployeeOffboarded.TYPE, hired.id()))
			.andVerify(event -> assertThat(event).contains(new EmployeeOffboarded(hired.id(), "Mo Ver", hired.email(),
					"Ops", "manny", LocalDate.of(2031, 6, 30), null, "hana")));
	}

	@Test
	void aCompletedJoinerMovesTheEmployeeOnAndARejectedOneCancelsTheHire(Scenario scenario) {
		Employee started = hire("Past Start", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		LocalDate later = LocalDate.now(ZoneOffset.UTC).plusDays(10);
		Employee starting = hire("Future Start", later);
		Employee rejected = hire("No Start", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		assertThat(started.status()).isEqualTo(EmployeeStatus.PRE_HIRE);

		scenario.stimulate(() -> finish(started, RunDefinition.JOINER, RunOutcome.COMPLETED, EmployeeHired.TYPE))
			.andWaitForStateChange(() -> employees.get("acme", started.id()).status(), EmployeeStatus.ACTIVE::equals)
			.andVerify(status -> assertThat(employees.runs("acme", started.id()).get(0).outcome())
				.isEqualTo(RunOutcome.COMPLETED));
		scenario.stimulate(() -> finish(starting, RunDefinition.JOINER, RunOutcome.COMPLETED, EmployeeHired.TYPE))
			.andWaitForStateChange(() -> employees.get("acme", starting.id()).status(),
					EmployeeStatus.PENDING_START::equals)
			.andVerify(status -> {
				new StarterActivationJob(employees, fixedAt(later.minusDays(1)), 100).run();
				assertThat(employees.get("acme", starting.id()).status()).isEqualTo(EmployeeStatus.PENDING_START);
				new StarterActivationJob(employees, fixedAt(later), 1).run();
				assertThat(employees.get("acme", starting.id()).status()).isEqualTo(EmployeeStatus.ACTIVE);
			});
		scenario.stimulate(() -> finish(rejected, RunDefinition.JOINER, RunOutcome.REJECTED, EmployeeHired.TYPE))
			.andWaitForStateChange(() -> employees.get("acme", rejected.id()).status(), EmployeeStatus.CANCELLED::equals)
			.andVerify(status -> assertThat(employees.get("acme", rejected.id()).version()).isEqualTo(1));
	}

	@Test
	void cancellingAnOffboardingPublishesTheWithdrawOfItsLeaverRunAndItsLateCompletionClosesNothing(Scenario scenario) {
		Employee hired = hire("Stays After All", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		finish(hired, RunDefinition.JOINER, RunOutcome.COMPLETED, EmployeeHired.TYPE);
		org.awaitility.Awaitility.await().until(() -> employees.get("acme", hired.id()).status() == EmployeeStatus.ACTIVE);
		Employee leaving = employees.offboard("acme", "hana", hired.id(), new Offboard(LocalDate.of(2031, 6, 30), null), current(hired), ChangeSource.API);
		assertThat(leaving.status()).isEqualTo(EmployeeStatus.LEAVING);
		String leaverKey = EmployeeOffboarded.TYPE + ":" + hired.id();

		scenario.stimulate(() -> employees.cancelOffboarding("acme", hired.id(), leaving.version(), "hana", ChangeSource.API))
			.andWaitForStateChange(() -> received(EmployeeOffboardingCancelled.TYPE + ":" + leaverKey))
			.andVerify(event -> assertThat(event).contains(
					new EmployeeOffboardingCancelled(hired.id(), "Stays After All", leaverKey, "hana")));
		Employee back = employees.get("acme", hired.id());
		assertThat(back.status()).isEqualTo(EmployeeStatus.ACTIVE);
		assertThat(back.lastDay()).isNull();

		// offboarding again waits until the cancelled offboarding's leaver run has ended
		assertThatThrownBy(() -> employees.offboard("acme", "hana", hired.id(), new Offboard(LocalDate.of(2031, 7, 31), null), current(hired), ChangeSource.API))
			.isInstanceOf(DomainException.Conflict.class);
		scenario.stimulate(() -> finish(hired, RunDefinition.LEAVER, RunOutcome.WITHDRAWN, leaverKey))
			.andWaitForStateChange(() -> employees.runs("acme", hired.id()).stream()
				.filter(run -> run.triggerKey().equals(leaverKey) && !run.open()).findFirst())
			.andVerify(run -> assertThat(employees.get("acme", hired.id()).status()).isEqualTo(EmployeeStatus.ACTIVE));

		// then it is a new leaver run under a new key; a late duplicate of the cancelled one closes nothing
		employees.offboard("acme", "hana", hired.id(), new Offboard(LocalDate.of(2031, 7, 31), null), current(hired), ChangeSource.API);
		String secondKey = employees.runs("acme", hired.id()).get(0).triggerKey();
		assertThat(secondKey).isNotEqualTo(leaverKey).startsWith(leaverKey + ":");
		finish(hired, RunDefinition.LEAVER, RunOutcome.COMPLETED, leaverKey);
		// the completed leaver run leaves the access ending until provisioning reports it revoked
		scenario.stimulate(() -> finish(hired, RunDefinition.LEAVER, RunOutcome.COMPLETED, secondKey))
			.andWaitForStateChange(() -> employees.get("acme", hired.id()).status(), EmployeeStatus.ACCESS_ENDING::equals)
			.andVerify(status -> assertThatThrownBy(() -> employees.cancelOffboarding("acme", hired.id(), null, "hana", ChangeSource.API))
				.isInstanceOf(DomainException.Conflict.class));
		assertThat(employees.get("acme", hired.id()).accessEndsAt()).isEqualTo(Instant.parse("2031-08-01T00:00:00Z"));
		scenario.stimulate(() -> revoke(hired))
			.andWaitForStateChange(() -> employees.get("acme", hired.id()).status(), EmployeeStatus.LEFT::equals)
			.andVerify(status -> assertThatThrownBy(() -> employees.offboard("acme", "hana", hired.id(),
					new Offboard(LocalDate.of(2031, 8, 31), null), current(hired), ChangeSource.API))
				.isInstanceOf(DomainException.Conflict.class));
	}

	@Test
	void aRevocationReportedBeforeTheLeaverRunCompletesMakesTheEmployeeLeftWhenItDoes(Scenario scenario) {
		Employee hired = hire("Quick Leaver", LocalDate.now(ZoneOffset.UTC).minusDays(30));
		finish(hired, RunDefinition.JOINER, RunOutcome.COMPLETED, EmployeeHired.TYPE);
		org.awaitility.Awaitility.await().until(() -> employees.get("acme", hired.id()).status() == EmployeeStatus.ACTIVE);
		employees.offboard("acme", "hana", hired.id(), new Offboard(LocalDate.of(2031, 6, 30), null), current(hired), ChangeSource.API);
		int leavingVersion = employees.get("acme", hired.id()).version();

		scenario.stimulate(() -> revoke(hired))
			.andWaitForStateChange(() -> employees.get("acme", hired.id()).version(), version -> version > leavingVersion)
			.andVerify(version -> assertThat(employees.get("acme", hired.id()).status()).isEqualTo(EmployeeStatus.LEAVING));
		scenario.stimulate(() -> finish(hired, RunDefinition.LEAVER, RunOutcome.COMPLETED, EmployeeOffboarded.TYPE))
			.andWaitForStateChange(() -> employees.get("acme", hired.id()).status(), EmployeeStatus.LEFT::equals)
			.andVerify(status -> assertThat(status).isEqualTo(EmployeeStatus.LEFT));
	}

	/** Publishes what provisioning publishes once the leaver's access is gone. */
	private void revoke(Employee employee) {
		transactions.runInTenant("acme", () -> outbox.publish(new AccessRevoked(employee.id(), UUID.randomUUID(),
				UUID.randomUUID(), "access_revocation", 1, Instant.now())));
	}

	private Employee hire(String name, LocalDate startDate) {
		return employees.hire("acme", new Hire(name, "outcome-" + UUID.randomUUID() + "@acme.example", "Sales", null,
				startDate, true));
	}

	/** Publishes the run outcome the workflow would publish for the run HR asked for with {@code key}. */
	private void finish(Employee employee, RunDefinition definition, RunOutcome outcome, String key) {
		String triggerKey = key.contains(":") ? key : key + ":" + employee.id();
		transactions.runInTenant("acme", () -> outbox.publish(
				new RunFinished(UUID.randomUUID(), employee.id(), definition, outcome, triggerKey, null)));
	}

	/** The employee's version now, as an update names it. */
	private ExpectedVersion current(Employee employee) {
		return ExpectedVersion.fromForm(employees.get("acme", employee.id()).version());
	}

	private static Clock fixedAt(LocalDate day) {
		return Clock.fixed(day.atTime(6, 0).toInstant(ZoneOffset.UTC), ZoneOffset.UTC);
	}

	@Test
	void anEditIsVersionedAndPublishesTheEditedFieldsWithTheRunItResubmits(Scenario scenario) {
		Employee hired = employees.hire("acme", "hana", new Hire("Ed Itor", "editor-" + UUID.randomUUID() + "@acme.example",
				"Sales", null, LocalDate.of(2031, 2, 2), null, "Clerk"));
		assertThat(hired.title()).isEqualTo("Clerk");
		UUID runId = UUID.randomUUID();

		scenario.stimulate(() -> employees.update("acme", "hana", hired.id(), new Update(" Ed Itor-Smith ", "Finance",
				"manny", "Analyst", LocalDate.of(2031, 3, 1), null, hired.version(), runId)))
			.andWaitForStateChange(() -> received(EmployeeUpdated.TYPE + ":" + hired.id() + ":" + (hired.version() + 1)))
			.andVerify(event -> assertThat(event).contains(new EmployeeUpdated(hired.id(), hired.version() + 1,
					"Ed Itor-Smith", hired.email(), "Finance", "manny", "Analyst", LocalDate.of(2031, 3, 1), null, runId,
					"hana", "console", Map.of("displayName", new FieldChange("Ed Itor", "Ed Itor-Smith"), "department",
							new FieldChange("Sales", "Finance"), "manager", new FieldChange(null, "manny"), "title",
							new FieldChange("Clerk", "Analyst"), "startDate", new FieldChange("2031-02-02", "2031-03-01")))));
		assertThat(employees.get("acme", hired.id()).department()).isEqualTo("Finance");

		// a stale version is refused and writes nothing
		assertThatThrownBy(() -> employees.update("acme", "hana", hired.id(), new Update("Someone Else", "Legal", null,
				null, LocalDate.of(2031, 3, 1), null, hired.version(), null)))
			.isInstanceOf(DomainException.Conflict.class);
		assertThat(employees.get("acme", hired.id()).displayName()).isEqualTo("Ed Itor-Smith");
	}

	/**
	 * The one write path: a change publishes ONE hr.employee.updated naming its source and the fields
	 * it changed (from → to), records the history row in the same transaction, and asks for no run;
	 * an employee number is unique in the tenant and the managers may be referenced by it.
	 */
	@Test
	void aChangePublishesOneUpdatedEventWithItsSourceAndFieldsAndRecordsItsHistory(Scenario scenario) {
		String number = "E-" + UUID.randomUUID().toString().substring(0, 8);
		Employee boss = employees.hire("acme", "hana", new Hire("Bo Ss", "boss-" + number + "@acme.example", "Sales",
				null, LocalDate.of(2031, 1, 5), null, null, "M-" + number, "Lisbon", null), ChangeSource.CONSOLE);
		Employee hired = employees.hire("acme", "hana", new Hire("Cha Nge", "change-" + number + "@acme.example",
				"Sales", null, LocalDate.of(2031, 1, 5), null, "Clerk", number, null, "CC-1"), ChangeSource.API);
		assertThat(employees.findByNumber("acme", number)).map(Employee::id).contains(hired.id());
		assertThat(employees.findByNumbers("acme", List.of(number, "M-" + number, "nobody"))).containsOnlyKeys(number,
				"M-" + number);

		EmployeeChange change = EmployeeChange.builder()
			.department("Legal")
			.manager("M-" + number)
			.location("Porto")
			.clear(EmployeeChange.Field.TITLE)
			.build();
		scenario.stimulate(() -> employees.change("acme", "sync-job", hired.id(), change, ChangeSource.SYNC, hired.version()))
			.andWaitForStateChange(() -> received(EmployeeUpdated.TYPE + ":" + hired.id() + ":" + (hired.version() + 1)))
			.andVerify(event -> {
				EmployeeUpdated updated = (EmployeeUpdated) event.orElseThrow();
				assertThat(updated.source()).isEqualTo("sync");
				assertThat(updated.changes()).containsOnly(
						Map.entry("department", new FieldChange("Sales", "Legal")),
						Map.entry("manager", new FieldChange(null, "M-" + number)),
						Map.entry("title", new FieldChange("Clerk", null)),
						Map.entry("location", new FieldChange(null, "Porto")));
				assertThat(updated.department()).isEqualTo("Legal");
			});
		// no mover run was asked for: the change is data, the triggers decide
		assertThat(employees.runs("acme", hired.id())).extracting(EmployeeRun::definition)
			.containsExactly(RunDefinition.JOINER);
		var history = employees.history("acme", hired.id(), null, 10).items();
		assertThat(history).extracting(EmployeeHistoryEntry::source).containsExactly(ChangeSource.SYNC, ChangeSource.API);
		assertThat(history.get(0).actor()).isEqualTo("sync-job");
		assertThat(history.get(0).changes()).containsOnlyKeys("department", "manager", "title", "location");
		assertThat(history.get(1).changes()).containsEntry("employeeNumber", new FieldChange(null, number));

		// the same change again changes nothing: no version, no event, no history row
		Employee same = employees.change("acme", "sync-job", hired.id(), change, ChangeSource.SYNC, null);
		assertThat(same.version()).isEqualTo(hired.version() + 1);
		assertThat(employees.history("acme", hired.id(), null, 10).items()).hasSize(2);

		// a stale version and a taken number are refused and write nothing
		assertThatThrownBy(() -> employees.change("acme", "hana", hired.id(),
				EmployeeChange.builder().department("Ops").build(), ChangeSource.API, hired.version()))
			.isInstanceOf(DomainException.Conflict.class);
		assertThatThrownBy(() -> employees.change("acme", "hana", hired.id(),
				EmployeeChange.builder().employeeNumber("M-" + number).build(), ChangeSource.API, null))
			.isInstanceOfSatisfying(DomainException.Conflict.class,
					e -> assertThat(e.problem()).isEqualTo("employee-number-taken"));
		assertThatThrownBy(() -> employees.change("acme", "hana", hired.id(),
				EmployeeChange.builder().clear(EmployeeChange.Field.DEPARTMENT).build(), ChangeSource.API, null))
			.isInstanceOfSatisfying(DomainException.InvalidInput.class,
					e -> assertThat(e.fieldErrors()).containsKey("department"));
		assertThat(employees.get("acme", hired.id()).department()).isEqualTo("Legal");
		assertThat(boss.employeeNumber()).isEqualTo("M-" + number);
	}

	private UUID employeeIdOf(String email) {
		return employees.list("acme", new EmployeeQuery(null, null, email, null, 1)).items().get(0).id();
	}

	private Optional<CatalogEvent> received(String type, UUID employeeId) {
		return received(type + ":" + employeeId);
	}

	private Optional<CatalogEvent> received(String key) {
		return delivered.received("acme", key);
	}
}
