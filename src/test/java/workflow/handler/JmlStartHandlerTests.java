package workflow.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.Delivery;
import outbox.catalog.EmployeeHired;
import platform.testing.JmlHubIntegrationTest;
import workflow.RunFilter;
import workflow.Runs;
import workflow.WorkflowProperties;
import workflow.start.RunRequests;

/** The auto-start flag, checked against the real run store (the handlers are built with either setting). */
@JmlHubIntegrationTest
class JmlStartHandlerTests {

	@Autowired
	RunRequests requests;

	@Autowired
	Runs queries;

	static WorkflowProperties autoStart(boolean enabled) {
		return new WorkflowProperties(new WorkflowProperties.Jml(enabled, 5, null), null,
				new WorkflowProperties.Jobs(Duration.ofSeconds(5), 100));
	}

	static EmployeeHired hired(UUID employeeId) {
		return new EmployeeHired(employeeId, "Flag Test", employeeId + "@acme.example", "Ops", null,
				LocalDate.of(2030, 2, 1));
	}

	static Delivery delivery(UUID employeeId) {
		return new Delivery(UUID.randomUUID(), "acme", EmployeeHired.TYPE, 1, "k-" + employeeId, 1);
	}

	int runsOf(UUID employeeId) {
		return queries.list("acme", new RunFilter(null, null, employeeId, null, null), null, 10).items().size();
	}

	@Test
	void withAutoStartOffAnHrEventCreatesNoRun() {
		UUID employeeId = UUID.randomUUID();
		new JoinerEventHandler(requests, autoStart(false)).handle(hired(employeeId), delivery(employeeId));
		assertThat(runsOf(employeeId)).isZero();
	}

	@Test
	void withAutoStartOnTheSameEventCreatesOneRun() {
		UUID employeeId = UUID.randomUUID();
		Delivery delivery = delivery(employeeId);
		JoinerEventHandler handler = new JoinerEventHandler(requests, autoStart(true));
		handler.handle(hired(employeeId), delivery);
		handler.handle(hired(employeeId), delivery);
		assertThat(runsOf(employeeId)).isOne();
	}
}
