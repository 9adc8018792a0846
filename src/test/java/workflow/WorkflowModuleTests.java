package workflow;

import static org.assertj.core.api.Assertions.assertThat;

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

import outbox.OutboxEventHandler;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunFinished;
import outbox.testing.HandlerScript;
import outbox.testing.TestHandlers.ScriptedHandler;
import platform.JmlHubApplication;
import platform.TenantTransactions;

/**
 * The workflow module with the outbox, jobs and platform but without HR: an {@link EmployeeHired}
 * record published through the real outbox, as HR publishes it, creates a joiner run carrying the
 * employee's fields and starts its workflow.
 */
@ApplicationModuleTest(module = "workflow", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES)
@Import(WorkflowModuleTests.HrStandIn.class)
class WorkflowModuleTests {

	/** HR's part of the catalog: the run outcomes it consumes, recorded instead. */
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
	}

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	Runs runs;

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

	private Optional<Run> runningRunOf(UUID employeeId) {
		return runs.list("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
			.filter(run -> run.status() == RunStatus.RUNNING)
			.findFirst();
	}
}
