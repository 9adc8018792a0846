package workflow.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import platform.testing.JmlHubIntegrationTest;
import workflow.run.RunFilter;
import workflow.run.RunQueries;
import workflow.run.RunRequests;
import workflow.run.WorkflowProperties;

/** The auto-start flag, checked against the real run store (the handlers are built with either setting). */
@JmlHubIntegrationTest
class JmlStartHandlerTests {

	@Autowired
	RunRequests requests;

	@Autowired
	RunQueries queries;

	static WorkflowProperties autoStart(boolean enabled) {
		return new WorkflowProperties(new WorkflowProperties.Jml(enabled, 5, null), null,
				new WorkflowProperties.Jobs(Duration.ofSeconds(5), 100));
	}

	static DeliveredEvent created(UUID employeeId) {
		return new DeliveredEvent(UUID.randomUUID(), "acme", EventTypes.HR_EMPLOYEE_CREATED, employeeId, "k-" + employeeId, 1,
				Map.of("employeeId", employeeId.toString(), "displayName", "Flag Test", "email", employeeId + "@acme.example",
						"department", "Ops", "startDate", "2030-02-01", "status", "pre_hire"),
				1);
	}

	int runsOf(UUID employeeId) {
		return queries.list("acme", new RunFilter(null, null, employeeId, null, null), null, 10).items().size();
	}

	@Test
	void withAutoStartOffAnHrEventCreatesNoRun() {
		UUID employeeId = UUID.randomUUID();
		new JoinerEventHandler(requests, autoStart(false)).handle(created(employeeId));
		assertThat(runsOf(employeeId)).isZero();
	}

	@Test
	void withAutoStartOnTheSameEventCreatesOneRun() {
		UUID employeeId = UUID.randomUUID();
		DeliveredEvent event = created(employeeId);
		JoinerEventHandler handler = new JoinerEventHandler(requests, autoStart(true));
		handler.handle(event);
		handler.handle(event);
		assertThat(runsOf(employeeId)).isOne();
	}
}
