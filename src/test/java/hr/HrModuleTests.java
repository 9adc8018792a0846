package hr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.Optional;
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
import hr.EmployeeCommands.Transfer;
import hr.EmployeeCommands.Update;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageReminderDue;
import outbox.OutboxEventHandler;
import outbox.testing.HandlerScript;
import outbox.testing.TestHandlers.ScriptedHandler;
import platform.DomainException;
import platform.JmlHubApplication;

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
	}

	@Autowired
	EmployeeService employees;

	@Autowired
	HandlerScript delivered;

	@Test
	void hiringPublishesEmployeeHiredWithTheEmployeesFields(Scenario scenario) {
		String email = "module-" + UUID.randomUUID() + "@acme.example";
		scenario.stimulate(() -> employees.hire("acme",
				new Hire(" Ana Lima ", email, "Engineering", "manny", LocalDate.of(2031, 3, 1))))
			.andWaitForStateChange(() -> received(EmployeeHired.TYPE, employeeIdOf(email)))
			.andVerify(event -> assertThat(event).contains(new EmployeeHired(employeeIdOf(email), "Ana Lima", email,
					"Engineering", "manny", LocalDate.of(2031, 3, 1))));
	}

	@Test
	void aTransferAndAnOffboardingPublishTheirRecords(Scenario scenario) {
		Employee hired = employees.hire("acme", new Hire("Mo Ver", "mover-" + UUID.randomUUID() + "@acme.example",
				"Sales", null, LocalDate.of(2020, 1, 6)));

		scenario.stimulate(() -> employees.transfer("acme", hired.id(), new Transfer("Legal", "manny", hired.version())))
			.andWaitForStateChange(() -> received(EmployeeTransferred.TYPE + ":" + hired.id() + ":" + (hired.version() + 1)))
			.andVerify(event -> assertThat(event).contains(new EmployeeTransferred(hired.id(), hired.version() + 1,
					"Mo Ver", hired.email(), "Sales", "Legal", null, "manny", LocalDate.of(2020, 1, 6))));

		scenario.stimulate(() -> employees.offboard("acme", hired.id(), new Offboard(LocalDate.of(2031, 6, 30), null)))
			.andWaitForStateChange(() -> received(EmployeeOffboarded.TYPE, hired.id()))
			.andVerify(event -> assertThat(event).contains(new EmployeeOffboarded(hired.id(), "Mo Ver", hired.email(),
					"Legal", "manny", LocalDate.of(2031, 6, 30))));
	}

	@Test
	void anEditIsVersionedAndPublishesTheEditedFieldsWithTheRunItResubmits(Scenario scenario) {
		Employee hired = employees.hire("acme", "hana", new Hire("Ed Itor", "editor-" + UUID.randomUUID() + "@acme.example",
				"Sales", null, LocalDate.of(2031, 2, 2), "Clerk"));
		assertThat(hired.title()).isEqualTo("Clerk");
		UUID runId = UUID.randomUUID();

		scenario.stimulate(() -> employees.update("acme", "hana", hired.id(), new Update(" Ed Itor-Smith ", "Finance",
				"manny", "Analyst", LocalDate.of(2031, 3, 1), null, hired.version(), runId)))
			.andWaitForStateChange(() -> received(EmployeeUpdated.TYPE + ":" + hired.id() + ":" + (hired.version() + 1)))
			.andVerify(event -> assertThat(event).contains(new EmployeeUpdated(hired.id(), hired.version() + 1,
					"Ed Itor-Smith", hired.email(), "Finance", "manny", "Analyst", LocalDate.of(2031, 3, 1), null, runId,
					"hana")));
		assertThat(employees.get("acme", hired.id()).department()).isEqualTo("Finance");

		// a stale version is refused and writes nothing
		assertThatThrownBy(() -> employees.update("acme", "hana", hired.id(), new Update("Someone Else", "Legal", null,
				null, LocalDate.of(2031, 3, 1), null, hired.version(), null)))
			.isInstanceOf(DomainException.Conflict.class);
		assertThat(employees.get("acme", hired.id()).displayName()).isEqualTo("Ed Itor-Smith");
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
