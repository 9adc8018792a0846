package workflow.handler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.Delivery;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunFinished;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.RunFilter;
import workflow.Runs;
import workflow.WorkflowProperties;
import workflow.endings.RunEndings;
import workflow.start.RunRequests;

/** The auto-start flag, checked against the real run store (the handlers are built with either setting). */
@JmlHubIntegrationTest
class JmlStartHandlerTests {

	@Autowired
	RunRequests requests;

	@Autowired
	RunEndings endings;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	Runs queries;

	static WorkflowProperties autoStart(boolean enabled) {
		return new WorkflowProperties(new WorkflowProperties.Jml(enabled, 5, null), null,
				new WorkflowProperties.Jobs(Duration.ofSeconds(5), 100, Duration.ofMinutes(10), 20));
	}

	static EmployeeHired hired(UUID employeeId) {
		return new EmployeeHired(employeeId, "Flag Test", employeeId + "@acme.example", "Ops", null,
				LocalDate.of(2030, 2, 1));
	}

	static Delivery delivery(UUID employeeId) {
		return new Delivery(UUID.randomUUID(), "acme", EmployeeHired.TYPE, 1, "k-" + employeeId, 1);
	}

	int runsOf(UUID employeeId) {
		return queries.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 10).items().size();
	}

	@Test
	void withAutoStartOffAnHrEventCreatesNoRun() {
		UUID employeeId = UUID.randomUUID();
		// the dispatcher calls handlers inside the event tenant's unit of work
		transactions.runInTenant("acme", () -> new JoinerEventHandler(requests, endings, autoStart(false))
			.handle(hired(employeeId), delivery(employeeId)));
		assertThat(runsOf(employeeId)).isZero();
		// and HR hears that no run is open for this hire
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT payload->>'outcome' FROM outbox_events
				WHERE event_type = :type AND payload->>'triggerKey' = :key AND consumer = 'hr'""")
			.param("type", RunFinished.TYPE)
			.param("key", "k-" + employeeId)
			.query(String.class)
			.list())).containsExactly("not_started");
	}

	@Test
	void withAutoStartOnTheSameEventCreatesOneRun() {
		UUID employeeId = UUID.randomUUID();
		Delivery delivery = delivery(employeeId);
		JoinerEventHandler handler = new JoinerEventHandler(requests, endings, autoStart(true));
		transactions.runInTenant("acme", () -> {
			handler.handle(hired(employeeId), delivery);
			handler.handle(hired(employeeId), delivery);
		});
		assertThat(runsOf(employeeId)).isOne();
	}
}
