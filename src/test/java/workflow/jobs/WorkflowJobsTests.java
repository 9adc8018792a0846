package workflow.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.Job;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import outbox.catalog.StageReminderDue;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import workflow.Run;
import workflow.RunFilter;
import workflow.RunStatus;
import workflow.Runs;
import workflow.Stage;
import workflow.StageStatus;
import workflow.WorkflowProperties;
import workflow.definition.DefinitionRepository;
import workflow.start.RunRequests;
import workflow.store.RunCreation;
import workflow.store.RunRepository;
import workflow.store.RunTrigger;
import workflow.store.StageRepository;

/**
 * The pre-hire start and SLA reminder jobs against their durable sources (run and stage rows),
 * through the outbox and the real workflow. Elapsed time is simulated by moving the stored
 * timestamps back.
 */
@JmlHubIntegrationTest
class WorkflowJobsTests {

	static final Duration TIMEOUT = Duration.ofSeconds(30);

	@Autowired
	TenantTransactions transactions;

	@Autowired
	DefinitionRepository definitions;

	@Autowired
	RunRepository runs;

	@Autowired
	RunCreation creation;

	@Autowired
	StageRepository stages;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Runs queries;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	List<Job> jobs;

	@Autowired
	WorkflowProperties properties;

	void run(String job) throws Exception {
		jobs.stream().filter(j -> j.name().equals(job)).findFirst().orElseThrow().run();
	}

	static EmployeeHired joiner(UUID employeeId, LocalDate startDate) {
		return new EmployeeHired(employeeId, "Job Test", employeeId + "@acme.example", "Ops", "manny", startDate);
	}

	Run run(UUID runId) {
		return queries.detail("acme", runId).run();
	}

	@Test
	void aPrehireJoinerWaitsInRequestedUntilItsLeadDaysThenTheJobStartsIt() throws Exception {
		var leadDays = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 10), properties.engine(),
				properties.jobs());
		RunRequests prehire = new RunRequests(transactions, definitions, creation, runs, stages, outbox, leadDays,
				Clock.systemUTC());
		UUID employeeId = UUID.randomUUID();
		EmployeeHired hired = joiner(employeeId, LocalDate.of(2099, 3, 1));
		UUID runId = prehire.request("acme", RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId, employeeId,
				hired.displayName(), hired.email(), hired.department(), hired.manager(), null, null, hired.startDate()));

		Run waiting = run(runId);
		assertThat(waiting.startNotBefore()).isEqualTo(Instant.parse("2099-02-19T00:00:00Z"));
		assertThat(waiting.startRequestedAt()).isNull();
		run("workflow_prehire_start");
		assertThat(run(runId).startRequestedAt()).isNull();

		transactions.runInTenant("acme", () -> jdbc
			.sql("UPDATE workflow_runs SET start_not_before = now() - interval '1 minute' WHERE id = :id")
			.param("id", runId).update());
		run("workflow_prehire_start");

		assertThat(run(runId).startRequestedAt()).isNotNull();
		await().atMost(TIMEOUT).until(() -> run(runId).status() == RunStatus.RUNNING);
	}

	@Test
	void aStagePastItsSlaGetsOneReminderThroughTheOutbox() throws Exception {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant("acme", () -> outbox.publish(joiner(employeeId, LocalDate.of(2030, 1, 1))));
		await().atMost(TIMEOUT).until(() -> activeStage(employeeId) != null);
		Stage stage = activeStage(employeeId);
		transactions.runInTenant("acme", () -> jdbc
			.sql("UPDATE workflow_stages SET activated_at = activated_at - interval '25 hours' WHERE id = :id")
			.param("id", stage.id()).update());

		run("workflow_stage_reminders");
		Instant published = stageNow(stage).reminderPublishedAt();
		assertThat(published).isNotNull();
		await().atMost(TIMEOUT).until(() -> stageNow(stage).remindedAt() != null);
		run("workflow_stage_reminders");

		assertThat(stageNow(stage).reminderPublishedAt()).isEqualTo(published);
		assertThat(transactions.readInTenant("acme", () -> jdbc
			.sql("SELECT count(*) FROM outbox_events WHERE event_type = :type AND idempotency_key LIKE :key")
			.param("type", StageReminderDue.TYPE)
			.param("key", "reminder:" + stage.id() + "%")
			.query(Integer.class)
			.single())).isOne();
	}

	Stage activeStage(UUID employeeId) {
		var page = queries.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 1);
		if (page.items().isEmpty()) {
			return null;
		}
		return queries.detail("acme", page.items().get(0).run().id()).stages().stream()
			.filter(s -> s.status() == StageStatus.ACTIVE)
			.findFirst()
			.orElse(null);
	}

	Stage stageNow(Stage stage) {
		return transactions.readInTenant("acme", () -> stages.find(stage.id()).orElseThrow());
	}
}
