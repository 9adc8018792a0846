package hr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;

import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Offboard;
import hr.jobs.TimeTriggerJob;
import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.AccessRevoked;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import outbox.testing.HandlerScript;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.JmlHubApplication;
import platform.TenantTransactions;
import platform.testing.MutableClock;

/**
 * The tenant's HR triggers on the real database and outbox, with the outbox's test handlers in
 * place of the workflow: which changes and dates ask for a run, once, and which do not. Tenant
 * globex, whose settings the tests set (and switch off afterwards).
 */
@ApplicationModuleTest(module = "hr", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES)
@Import(HrModuleTests.OtherModules.class)
class HrTriggerTests {

	static final String TENANT = "globex";

	static final HrTriggers ALL_CHANGES = new HrTriggers(true, true, true, null, null, null, 0);

	@Autowired
	EmployeeService employees;

	@Autowired
	TriggerSettings settings;

	@Autowired
	TimeTriggers timeTriggers;

	@Autowired
	HandlerScript delivered;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	TenantTransactions transactions;

	@AfterEach
	void switchOff() {
		save(HrTriggers.NONE);
	}

	@Test
	void aDepartmentChangeAsksForOneMoverRunAndASecondChangeWhileItIsOpenAsksForNone() {
		save(ALL_CHANGES);
		Employee active = activeEmployee("Mo Ver");

		Employee moved = employees.change(TENANT, "gina", active.id(), EmployeeChange.builder().department("Legal").build(),
				ChangeSource.API, active.version());

		String key = EmployeeRunRequested.TYPE + ":" + active.id() + ":v" + moved.version() + ":mover_on_change";
		await().until(() -> delivered.received(TENANT, key).isPresent());
		EmployeeRunRequested request = (EmployeeRunRequested) delivered.received(TENANT, key).orElseThrow();
		assertThat(request.definition()).isEqualTo(RunDefinition.MOVER);
		assertThat(request.department()).isEqualTo("Legal");
		assertThat(request.effectiveDate()).isEqualTo(LocalDate.now(ZoneOffset.UTC));
		assertThat(runsOf(active, RunDefinition.MOVER)).hasSize(1);

		// the change's event published again (a re-delivery) asks for nothing more
		String updated = EmployeeUpdated.TYPE + ":" + active.id() + ":" + moved.version();
		await().until(() -> delivered.received(TENANT, updated).isPresent());
		transactions.runInTenant(TENANT, () -> outbox.publish((EmployeeUpdated) delivered.received(TENANT, updated)
			.orElseThrow(), PublishOptions.idempotencyKey(updated + ":again")));
		await().until(() -> delivered.deliveries(TENANT, updated + ":again") == 1);
		assertThat(runsOf(active, RunDefinition.MOVER)).hasSize(1);
		Employee retitled = employees.change(TENANT, "gina", active.id(), EmployeeChange.builder().title("Counsel").build(),
				ChangeSource.API, moved.version());
		assertThat(retitled.title()).isEqualTo("Counsel");
		assertThat(runsOf(active, RunDefinition.MOVER)).as("the open mover run takes the change").hasSize(1);
		assertThat(delivered.received(TENANT, EmployeeRunRequested.TYPE + ":" + active.id() + ":v" + retitled.version()
				+ ":mover_on_change")).isEmpty();
		assertThat(delivered.deliveries(TENANT, key)).isEqualTo(1);
	}

	@Test
	void aLastDaySetOffboardsAndAsksForALeaverRun() {
		save(ALL_CHANGES);
		Employee active = activeEmployee("Lea Ver");

		Employee leaving = employees.change(TENANT, "gina", active.id(),
				EmployeeChange.builder().lastDay(LocalDate.of(2031, 6, 30)).build(), ChangeSource.API, active.version());

		assertThat(leaving.status()).isEqualTo(EmployeeStatus.LEAVING);
		String key = EmployeeRunRequested.TYPE + ":" + active.id() + ":v" + leaving.version() + ":leaver_on_last_day";
		await().until(() -> delivered.received(TENANT, key).isPresent());
		assertThat(((EmployeeRunRequested) delivered.received(TENANT, key).orElseThrow()).effectiveDate())
			.isEqualTo(LocalDate.of(2031, 6, 30));
		assertThat(runsOf(active, RunDefinition.LEAVER)).hasSize(1);
		// moving the last day while the leaver run is open asks for no second one
		employees.change(TENANT, "gina", active.id(), EmployeeChange.builder().lastDay(LocalDate.of(2031, 7, 31)).build(),
				ChangeSource.API, leaving.version());
		assertThat(runsOf(active, RunDefinition.LEAVER)).hasSize(1);
		// the completed leaver run closes the offboarding the trigger started
		finish(active, RunDefinition.LEAVER, RunOutcome.COMPLETED, key);
		await().until(() -> employees.get(TENANT, active.id()).status() == EmployeeStatus.ACCESS_ENDING);
	}

	@Test
	void theExplicitTransferAndOffboardAskForTheirOwnRunOnly() {
		save(ALL_CHANGES);
		Employee active = activeEmployee("Ex Plicit");
		Employee moved = employees.transfer(TENANT, "gina", active.id(), new EmployeeCommands.Move("Legal", null, false),
				ExpectedVersion.fromForm(active.version()), ChangeSource.API);
		employees.offboard(TENANT, "gina", active.id(), new Offboard(LocalDate.of(2031, 6, 30), null),
				ExpectedVersion.fromForm(moved.version()), ChangeSource.API);

		assertThat(employees.runs(TENANT, active.id())).extracting(EmployeeRun::triggerKey).containsExactlyInAnyOrder(
				EmployeeHired.TYPE + ":" + active.id(),
				"hr.employee.transferred:" + active.id() + ":" + moved.version(),
				EmployeeOffboarded.TYPE + ":" + active.id());
	}

	@Test
	void aRehireOfALeaverAsksForAJoinerRun() {
		save(ALL_CHANGES);
		Employee left = leftEmployee("Re Hire");

		Employee rehired = employees.change(TENANT, "gina", left.id(),
				EmployeeChange.builder().startDate(LocalDate.of(2032, 1, 5)).build(), ChangeSource.API, null);

		assertThat(rehired.status()).isEqualTo(EmployeeStatus.PRE_HIRE);
		String key = EmployeeRunRequested.TYPE + ":" + left.id() + ":v" + rehired.version() + ":joiner_on_rehire";
		await().until(() -> delivered.received(TENANT, key).isPresent());
		assertThat(((EmployeeRunRequested) delivered.received(TENANT, key).orElseThrow()).effectiveDate())
			.isEqualTo(LocalDate.of(2032, 1, 5));
	}

	@Test
	void withTheTriggersOffAChangeAsksForNoRun() {
		save(HrTriggers.NONE);
		Employee active = activeEmployee("No Trigger");

		Employee changed = employees.change(TENANT, "gina", active.id(),
				EmployeeChange.builder().department("Legal").lastDay(LocalDate.of(2031, 6, 30)).build(), ChangeSource.API,
				active.version());

		assertThat(changed.status()).as("the last day is only announced").isEqualTo(EmployeeStatus.ACTIVE);
		assertThat(employees.runs(TENANT, active.id())).extracting(EmployeeRun::definition)
			.containsExactly(RunDefinition.JOINER);
	}

	@Test
	void aTimeBasedJoinerFiresOnceOnItsDay() {
		LocalDate start = LocalDate.now(ZoneOffset.UTC).plusDays(40);
		Employee hired = employees.hire(TENANT, new Hire("Time Joiner", "trigger-" + UUID.randomUUID() + "@globex.example",
				"Sales", null, start, null));
		// the hire's own joiner run was withdrawn: the employee waits as a pre-hire
		finish(hired, RunDefinition.JOINER, RunOutcome.WITHDRAWN, EmployeeHired.TYPE + ":" + hired.id());
		await().until(() -> employees.runs(TENANT, hired.id()).stream().noneMatch(EmployeeRun::open));
		save(new HrTriggers(false, false, false, 7, null, null, 0));
		MutableClock clock = new MutableClock(start.minusDays(8).atTime(6, 0).toInstant(ZoneOffset.UTC));
		TimeTriggerJob job = new TimeTriggerJob(timeTriggers, clock, 10);

		job.run();
		assertThat(runsOf(hired, RunDefinition.JOINER)).as("a day early").hasSize(1);
		clock.advance(Duration.ofDays(1));
		job.run();
		job.run();
		clock.advance(Duration.ofDays(1));
		job.run();

		String key = EmployeeRunRequested.TYPE + ":" + hired.id() + ":" + start + ":joiner_before_start";
		assertThat(runsOf(hired, RunDefinition.JOINER)).extracting(EmployeeRun::triggerKey).contains(key).hasSize(2);
		await().until(() -> delivered.received(TENANT, key).isPresent());
		assertThat(delivered.deliveries(TENANT, key)).isEqualTo(1);
	}

	@Test
	void offsetsBeyondHalfAYearAreRefusedAndNothingIsWritten() {
		HrTriggers before = settings.get(TENANT);

		assertThatThrownBy(() -> settings.save(TENANT, "gus", new HrTriggers(true, true, true, 181, null, null, 0),
				ExpectedVersion.fromForm(before.version())))
			.isInstanceOfSatisfying(DomainException.InvalidInput.class,
					e -> assertThat(e.fieldErrors()).containsKey("joinerDaysBeforeStart"));
		assertThatThrownBy(() -> settings.save(TENANT, "gus", new HrTriggers(true, true, true, null, null, -181, 0),
				ExpectedVersion.fromForm(before.version())))
			.isInstanceOf(DomainException.InvalidInput.class);
		assertThat(settings.get(TENANT)).isEqualTo(before);
		// a stale version is refused too
		assertThatThrownBy(() -> settings.save(TENANT, "gus", ALL_CHANGES, ExpectedVersion.fromForm(before.version() + 5)))
			.isInstanceOf(DomainException.Conflict.class);
		assertThat(settings.get(TENANT)).isEqualTo(before);
	}

	private void save(HrTriggers triggers) {
		settings.save(TENANT, "gus", triggers, ExpectedVersion.fromForm(settings.get(TENANT).version()));
	}

	private List<EmployeeRun> runsOf(Employee employee, RunDefinition definition) {
		return employees.runs(TENANT, employee.id()).stream().filter(run -> run.definition() == definition).toList();
	}

	/** An active employee whose joiner run completed. */
	private Employee activeEmployee(String name) {
		Employee hired = employees.hire(TENANT, new Hire(name, "trigger-" + UUID.randomUUID() + "@globex.example", "Sales",
				null, LocalDate.now(ZoneOffset.UTC).minusDays(30), true));
		finish(hired, RunDefinition.JOINER, RunOutcome.COMPLETED, EmployeeHired.TYPE + ":" + hired.id());
		await().until(() -> employees.get(TENANT, hired.id()).status() == EmployeeStatus.ACTIVE);
		return employees.get(TENANT, hired.id());
	}

	/** An employee who has left (joiner, offboarding and leaver run completed, access revoked). */
	private Employee leftEmployee(String name) {
		Employee active = activeEmployee(name);
		employees.offboard(TENANT, "gina", active.id(), new Offboard(LocalDate.of(2031, 6, 30), null),
				ExpectedVersion.fromForm(active.version()), ChangeSource.API);
		finish(active, RunDefinition.LEAVER, RunOutcome.COMPLETED, EmployeeOffboarded.TYPE + ":" + active.id());
		transactions.runInTenant(TENANT, () -> outbox.publish(new AccessRevoked(active.id(), UUID.randomUUID(),
				UUID.randomUUID(), "access_revocation", 1, Instant.now())));
		await().until(() -> employees.get(TENANT, active.id()).status() == EmployeeStatus.LEFT);
		return employees.get(TENANT, active.id());
	}

	private void finish(Employee employee, RunDefinition definition, RunOutcome outcome, String key) {
		transactions.runInTenant(TENANT, () -> outbox.publish(
				new RunFinished(UUID.randomUUID(), employee.id(), definition, outcome, key, null)));
	}
}
