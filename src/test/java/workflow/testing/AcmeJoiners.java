package workflow.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.junit.jupiter.SpringExtension;

import jobs.Job;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.RunDefinition;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import workflow.Run;
import workflow.RunFilter;
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
 * Joiner runs of the demo tenant acme for the workflow's integration tests: hired through the outbox
 * (the real start chain) or requested to wait for a pre-hire start far ahead (so that nothing but the
 * test moves them), their stages read and decided, and the workflow's jobs run on demand. A test method
 * or {@code @BeforeEach} of a {@code @JmlHubIntegrationTest} gets one as a parameter with
 * {@code @ExtendWith(AcmeJoiners.Resolver.class)}.
 */
public final class AcmeJoiners {

	public static final String TENANT = "acme";
	public static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final TenantTransactions transactions;
	private final OutboxPublisher outbox;
	private final Runs runs;
	private final JdbcClient jdbc;
	private final ApplicationContext context;

	AcmeJoiners(ApplicationContext context) {
		this.context = context;
		this.transactions = context.getBean(TenantTransactions.class);
		this.outbox = context.getBean(OutboxPublisher.class);
		this.runs = context.getBean(Runs.class);
		this.jdbc = context.getBean(JdbcClient.class);
	}

	/** Hires {@code name} (starting in 2030) under {@code manager} and returns the run once it exists. */
	public UUID hire(String name, String manager) {
		UUID employeeId = UUID.randomUUID();
		String mailbox = name.toLowerCase().replaceAll("[^a-z0-9]+", "-");
		transactions.runInTenant(TENANT, () -> outbox.publish(new EmployeeHired(employeeId, name,
				mailbox + "-" + employeeId + "@acme.example", "Engineering", manager, LocalDate.of(2030, 1, 15))));
		return await().atMost(TIMEOUT)
			.until(() -> runs.rows(TENANT, new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
				.findFirst().map(row -> row.run().id()).orElse(null), id -> id != null);
	}

	/** Hires {@code name} under {@code manager} and waits until the manager's stage is active. */
	public UUID atManagerApproval(String name, String manager) {
		UUID runId = hire(name, manager);
		awaitActive(runId, "manager_approval");
		return runId;
	}

	/** A joiner that waits for its pre-hire start (2099), so that nothing but the test moves it. */
	public UUID waiting(String name) {
		WorkflowProperties properties = context.getBean(WorkflowProperties.class);
		var settings = new WorkflowProperties(new WorkflowProperties.Jml(true, 5, 1), properties.engine(), properties.jobs());
		UUID employeeId = UUID.randomUUID();
		return new RunRequests(transactions, context.getBean(DefinitionRepository.class), context.getBean(RunCreation.class),
				context.getBean(RunRepository.class), context.getBean(StageRepository.class), outbox, settings,
				Clock.systemUTC())
			.request(TENANT, RunDefinition.JOINER, new RunTrigger(UUID.randomUUID(), EmployeeHired.TYPE, "k-" + employeeId,
					employeeId, name, null, null, "manny", null, null, LocalDate.of(2099, 1, 1)));
	}

	/** The projection says {@code status} on an execution Temporal never had (started an hour ago). */
	public void lostExecution(UUID runId, String status) {
		transactions.runInTenant(TENANT, () -> jdbc.sql("""
				UPDATE workflow_runs SET status = :status, workflow_id = :workflowId, execution_id = 'gone',
				    started_at = now() - interval '1 hour'
				WHERE id = :id
				""").param("id", runId).param("status", status).param("workflowId", "jml-lost-" + runId).update());
	}

	public Run run(UUID runId) {
		return runs.detail(TENANT, runId).run();
	}

	/** The run's stage called {@code name}. */
	public Stage stage(UUID runId, String name) {
		return runs.detail(TENANT, runId).stages().stream().filter(stage -> stage.name().equals(name)).findFirst()
			.orElseThrow();
	}

	public StageStatus status(UUID runId, String stage) {
		return stage(runId, stage).status();
	}

	public boolean active(UUID runId, String stage) {
		return runs.detail(TENANT, runId).stages().stream()
			.anyMatch(s -> s.name().equals(stage) && s.status() == StageStatus.ACTIVE);
	}

	public void awaitActive(UUID runId, String stage) {
		await().atMost(TIMEOUT).until(() -> active(runId, stage));
	}

	/** {@code action} (approve, reject, ...) of {@code user} on the run's stage called {@code stage}, through the API. */
	public HttpResponse<String> act(ApiClient api, String user, UUID runId, String action, String stage) {
		return api.post(user, "/v1/workflow-runs/" + runId + "/" + action,
				"{\"stageId\":\"" + stage(runId, stage).id() + "\"}", UUID.randomUUID().toString());
	}

	/** An approval the API accepts. */
	public void approve(ApiClient api, String user, UUID runId, String stage) {
		HttpResponse<String> approved = act(api, user, runId, "approve", stage);
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(202);
	}

	/** Runs the job called {@code name} (for example {@code workflow_reconcile}) once, now. */
	public void runJob(String name) throws Exception {
		List<Job> jobs = context.getBeanProvider(Job.class).orderedStream().toList();
		jobs.stream().filter(job -> job.name().equals(name)).findFirst().orElseThrow().run();
	}

	/** Gives test methods (and {@code @BeforeEach} methods) an {@link AcmeJoiners} of the test's Spring context. */
	public static final class Resolver implements ParameterResolver {

		@Override
		public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
			return parameter.getParameter().getType() == AcmeJoiners.class;
		}

		@Override
		public AcmeJoiners resolveParameter(ParameterContext parameter, ExtensionContext context) {
			return new AcmeJoiners(SpringExtension.getApplicationContext(context));
		}
	}
}
