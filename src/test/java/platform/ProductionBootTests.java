package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

import io.temporal.testserver.TestServer;
import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The application in production mode, as a deployment runs it: against a PostgreSQL server that
 * is not the demo's ({@link ProductionDatabase}, owner and runtime role created by the test) and a
 * Temporal server that outlives the application (the SDK's test server, reached over
 * {@code TEMPORAL_TARGET}). The first start bootstraps the tenant and its admin, who signs in and
 * hires; the joiner run starts. An api and a worker instance then decide on one run and it completes. Unsafe configurations are refused with one message
 * each, before any job, dispatcher or Temporal worker starts.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProductionBootTests {

	static final String TENANT = "initech";
	static final String ADMIN = "peter";
	static final String ADMIN_PASSWORD = "correct horse battery";

	static ProductionDatabase database;
	static TestServer.PortBoundTestServer temporal;
	static int temporalPort;

	final JsonMapper json = JsonMapper.builder().build();

	@BeforeAll
	static void startInfrastructure() {
		database = ProductionDatabase.start();
		temporalPort = freePort();
		temporal = TestServer.createPortBoundServer(temporalPort, true);
	}

	@AfterAll
	static void stopInfrastructure() {
		if (temporal != null) {
			temporal.close();
		}
		if (database != null) {
			database.close();
		}
	}

	/** Every variable of a real deployment, in the order of docs/operations.md's set-up. */
	static Map<String, String> production() {
		Map<String, String> env = new LinkedHashMap<>();
		env.put("SPRING_DATASOURCE_URL", database.jdbcUrl());
		env.put("SPRING_FLYWAY_USER", ProductionDatabase.OWNER);
		env.put("SPRING_FLYWAY_PASSWORD", ProductionDatabase.OWNER_PASSWORD);
		env.put("SPRING_DATASOURCE_USERNAME", ProductionDatabase.RUNTIME);
		env.put("SPRING_DATASOURCE_PASSWORD", ProductionDatabase.RUNTIME_PASSWORD);
		env.put("TEMPORAL_TARGET", "127.0.0.1:" + temporalPort);
		env.put("TEMPORAL_NAMESPACE", "default");
		env.put("JMLHUB_BOOTSTRAP_TENANT_ID", TENANT);
		env.put("JMLHUB_BOOTSTRAP_TENANT_NAME", "Initech");
		env.put("JMLHUB_BOOTSTRAP_ADMIN_USERNAME", ADMIN);
		env.put("JMLHUB_BOOTSTRAP_ADMIN_PASSWORD", ADMIN_PASSWORD);
		env.put("JMLHUB_BOOTSTRAP_ADMIN_GROUPS", "managers,it,security,hr");
		env.put("OUTBOX_POLL_INTERVAL", "1s");
		return env;
	}

	static ConfigurableApplicationContext start(Map<String, String> env) {
		List<String> args = new ArrayList<>();
		env.forEach((key, value) -> args.add("--" + key + "=" + value));
		return new SpringApplicationBuilder(JmlHubApplication.class).run(args.toArray(String[]::new));
	}

	static Map<String, String> with(String key, String value) {
		Map<String, String> env = production();
		env.put(key, value);
		return env;
	}

	@Test
	@Order(1)
	void bootstrapsTheFirstTenantWhoseAdminSignsInAndHiresAndTheRunStarts(CapturedOutput output) {
		try (ConfigurableApplicationContext app = start(production())) {
			ApiClient api = new ApiClient(port(app), ADMIN_PASSWORD);
			var me = api.get(ADMIN, "/v1/me");
			assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
			assertThat(me.body()).contains(TENANT, "ADMIN", "HR", "APPROVER");
			assertThat(new ApiClient(port(app), "wrong password").get(ADMIN, "/v1/me").statusCode()).isEqualTo(401);

			// the admin who hires may not approve the run (separation of duties): an approver comes first
			var approver = api.post(ADMIN, "/v1/admin/users", """
					{"username":"lumbergh","displayName":"Bill Lumbergh","email":"lumbergh@initech.example",					"roles":["APPROVER"],"password":"%s"}""".formatted(ADMIN_PASSWORD));
			assertThat(approver.statusCode()).as(approver.body()).isEqualTo(201);
			var member = api.send(ADMIN, "PUT", "/v1/admin/groups/managers/members/lumbergh", null);
			assertThat(member.statusCode()).as(member.body()).isBetween(200, 204);

			var hired = api.post(ADMIN, "/v1/hr/employees", """
					{"displayName":"Milton Waddams","email":"milton@initech.example","department":"Storage",\
					"startDate":"2031-03-01"}""");
			assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
			String employeeId = ApiClient.field(hired.body(), "id");

			AtomicReference<JsonNode> run = new AtomicReference<>();
			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
				JsonNode items = json.readTree(api.get(ADMIN, "/v1/workflow-runs?employeeId=" + employeeId).body())
					.get("items");
				assertThat(items.size()).isPositive();
				JsonNode detail = json.readTree(api.get(ADMIN, "/v1/workflow-runs/" + items.get(0).get("id").asString()).body());
				assertThat(detail.get("status").asString()).isEqualTo("running");
				run.set(detail);
			});
			assertThat(run.get().get("workflowId").asString()).startsWith("jml-");
			assertThat(stageStatus(run.get(), "manager_approval")).isEqualTo("active");
			assertThat(output.getOut()).contains("Bootstrap: created tenant initech");
			// no SMTP server configured: said once, and the assignment mail is recorded, not sent
			assertThat(output.getOut().split("No SMTP server is configured", -1)).hasSize(2);
			await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).until(() -> count("""
					SELECT count(*) FROM notifications WHERE tenant_id = 'initech' AND recipient = 'lumbergh'
					  AND kind = 'stage_assigned' AND status = 'not_configured'""") == 1);
		}
		assertThat(count("SELECT count(*) FROM platform_audit WHERE tenant_id = 'initech' AND action = 'tenant_bootstrapped'"))
			.as("audited once").isEqualTo(1L);
	}

	@Test
	@Order(2)
	void aLaterStartWithTheSameBootstrapChangesNothingAndNeverResetsThePassword(CapturedOutput output) {
		String hashBefore = passwordHash();
		long entriesBefore = count("SELECT count(*) FROM platform_audit");
		Map<String, String> env = with("JMLHUB_BOOTSTRAP_ADMIN_PASSWORD", "a different password");
		try (ConfigurableApplicationContext app = start(env)) {
			assertThat(new ApiClient(port(app), ADMIN_PASSWORD).get(ADMIN, "/v1/me").statusCode()).isEqualTo(200);
			assertThat(new ApiClient(port(app), "a different password").get(ADMIN, "/v1/me").statusCode()).isEqualTo(401);
		}
		assertThat(passwordHash()).isEqualTo(hashBefore);
		assertThat(output.getOut()).contains("Bootstrap: tenant initech exists; nothing changed");
		assertThat(count("SELECT count(*) FROM platform_audit")).isEqualTo(entriesBefore);
	}

	@Test
	@Order(5)
	void anApiAndAWorkerInstanceDecideOnOneRunAndItCompletes() {
		// a second approver, and an HR user who asks for the run: its requester never approves it
		// (separation of duties), and the admin approves the other stages
		String hash = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode(ADMIN_PASSWORD);
		database.asSuperuser(jdbc -> {
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					VALUES ('samir', 'initech', 'Samir', 'samir@initech.example', :hash) ON CONFLICT DO NOTHING""")
				.param("hash", hash)
				.update();
			jdbc.sql("INSERT INTO app_user_roles VALUES ('initech', 'samir', 'APPROVER') ON CONFLICT DO NOTHING").update();
			jdbc.sql("INSERT INTO app_group_members VALUES ('initech', 'security', 'samir') ON CONFLICT DO NOTHING").update();
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					VALUES ('nina', 'initech', 'Nina', 'nina@initech.example', :hash) ON CONFLICT DO NOTHING""")
				.param("hash", hash)
				.update();
			jdbc.sql("INSERT INTO app_user_roles VALUES ('initech', 'nina', 'HR') ON CONFLICT DO NOTHING").update();
			return null;
		});
		try (ConfigurableApplicationContext worker = start(with("APP_ROLES", "worker"));
				ConfigurableApplicationContext api = start(with("APP_ROLES", "api"))) {
			ApiClient onApi = new ApiClient(port(api), ADMIN_PASSWORD);
			ApiClient onWorker = new ApiClient(port(worker), ADMIN_PASSWORD);
			var hired = onApi.post("nina", "/v1/hr/employees", """
					{"displayName":"Bob Slydell","email":"bob@initech.example","department":"Consulting",\
					"startDate":"2031-04-01"}""");
			assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
			String runId = awaitRunOf(onApi, ApiClient.field(hired.body(), "id"));

			approve(onApi, ADMIN, runId, "manager_approval");
			approve(onWorker, ADMIN, runId, "it_access");
			approve(onApi, ADMIN, runId, "security_approval");
			approve(onWorker, "samir", runId, "security_approval");

			await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
				JsonNode run = run(onApi, runId);
				assertThat(run.get("status").asString()).as(run.toString()).isEqualTo("completed");
			});
			// the api node ran no job and no Temporal worker; the worker's jobs are visible on it
			assertThat(onApi.get(ADMIN, "/v1/admin/jobs").body()).contains("\"roles\":\"worker\"", "workflow_signal_redelivery");
		}
	}

	@Test
	@Order(6)
	void theBootstrapAdminAsPlatformOperatorCreatesSuspendsAndResumesATenantWithoutSql() {
		try (ConfigurableApplicationContext app = start(production())) {
			ApiClient operator = new ApiClient(port(app), ADMIN_PASSWORD);
			var created = operator.post(ADMIN, "/v1/platform/tenants", """
					{"id":"initrode","name":"Initrode","admin":{"username":"bill","email":"bill@initrode.example"}}""");
			assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
			String password = json.readTree(created.body()).get("password").asString();
			ApiClient bill = new ApiClient(port(app), password);
			assertThat(bill.get("bill@initrode", "/v1/me").statusCode()).isEqualTo(200);
			var hired = bill.post("bill@initrode", "/v1/hr/employees", """
					{"displayName":"Tom Smykowski","email":"tom@initrode.example","department":"Customers",\
					"startDate":"2031-05-01"}""");
			assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);

			var suspended = operator.post(ADMIN, "/v1/platform/tenants/initrode/suspend", "{\"reason\":\"contract ended\"}");
			assertThat(suspended.statusCode()).as(suspended.body()).isEqualTo(200);
			var refused = bill.get("bill@initrode", "/v1/me");
			assertThat(refused.statusCode()).isEqualTo(403);
			assertThat(refused.body()).contains("tenant-suspended");
			assertThat(operator.get(ADMIN, "/v1/me").statusCode()).as("the operator's tenant goes on").isEqualTo(200);
			assertThat(operator.get(ADMIN, "/v1/platform/tenants").body()).contains("\"id\":\"initrode\"", "\"status\":\"suspended\"");

			assertThat(operator.post(ADMIN, "/v1/platform/tenants/initrode/resume", null).statusCode()).isEqualTo(200);
			assertThat(bill.get("bill@initrode", "/v1/me").statusCode()).isEqualTo(200);
		}
		assertThat(count("""
				SELECT count(*) FROM platform_audit WHERE tenant_id = 'initrode'
				AND action IN ('tenant.created', 'tenant.suspended', 'tenant.resumed')""")).isEqualTo(3L);
		assertThat(count("SELECT count(*) FROM platform_audit WHERE tenant_id = 'initech' AND action LIKE 'tenant.%'"))
			.as("the operator's own trail").isEqualTo(3L);
	}

	private String awaitRunOf(ApiClient api, String employeeId) {
		AtomicReference<String> runId = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			JsonNode items = json.readTree(api.get(ADMIN, "/v1/workflow-runs?employeeId=" + employeeId).body()).get("items");
			assertThat(items.size()).isPositive();
			runId.set(items.get(0).get("id").asString());
		});
		return runId.get();
	}

	private JsonNode run(ApiClient api, String runId) {
		return json.readTree(api.get(ADMIN, "/v1/workflow-runs/" + runId).body());
	}

	private String awaitActive(ApiClient api, String runId, String stage) {
		AtomicReference<String> stageId = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			JsonNode found = null;
			for (JsonNode candidate : run(api, runId).get("stages")) {
				if (candidate.get("name").asString().equals(stage)) {
					found = candidate;
				}
			}
			assertThat(found).isNotNull();
			assertThat(found.get("status").asString()).isEqualTo("active");
			stageId.set(found.get("id").asString());
		});
		return stageId.get();
	}

	private void approve(ApiClient api, String user, String runId, String stage) {
		String stageId = awaitActive(api, runId, stage);
		var response = api.post(user, "/v1/workflow-runs/" + runId + "/approve", "{\"stageId\":\"" + stageId + "\"}",
				UUID.randomUUID().toString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
	}

	@Test
	void theOwnerAsRuntimeRoleIsRefused(CapturedOutput output) {
		assertRefused(with("SPRING_DATASOURCE_USERNAME", ProductionDatabase.OWNER), output,
				"SPRING_FLYWAY_USER and SPRING_DATASOURCE_USERNAME are both jml_owner");
	}

	@Test
	@Order(3)
	void aRuntimeRoleOwningTheTablesIsRefusedEvenWithAnotherMigrationUser(CapturedOutput output) {
		// the schema exists (first test): migrate as the superuser, connect as the owner
		Map<String, String> env = with("SPRING_DATASOURCE_USERNAME", ProductionDatabase.OWNER);
		env.put("SPRING_DATASOURCE_PASSWORD", ProductionDatabase.OWNER_PASSWORD);
		env.put("SPRING_FLYWAY_USER", "postgres");
		env.put("SPRING_FLYWAY_PASSWORD", "unused");
		assertRefused(env, output, "the runtime role jml_owner (SPRING_DATASOURCE_USERNAME) owns");
	}

	@Test
	void theDemoFlagIsRefusedOnAConfiguredDatabase(CapturedOutput output) {
		// what JMLHUB_DEMO=true in the environment sets
		assertRefused(with("jmlhub.demo", "true"), output, "JMLHUB_DEMO=true is set, but a database is configured");
	}

	@Test
	void aMissingMigrationUserIsRefused(CapturedOutput output) {
		assertRefused(with("SPRING_FLYWAY_USER", ""), output, "SPRING_FLYWAY_USER is not set");
	}

	@Test
	void aWorkerWhoseTemporalIsUnreachableIsRefused(CapturedOutput output) {
		Map<String, String> env = with("TEMPORAL_TARGET", "127.0.0.1:" + freePort());
		env.put("TEMPORAL_CALL_TIMEOUT", "2s");
		assertRefused(env, output, "Temporal at 127.0.0.1:", "is unreachable for the worker",
				"Start Temporal or correct TEMPORAL_TARGET");
	}

	@Test
	void anEmptyTemporalTargetIsRefused(CapturedOutput output) {
		assertRefused(with("TEMPORAL_TARGET", ""), output, "TEMPORAL_TARGET is empty");
	}

	@Test
	@Order(4)
	void anExplicitEmbeddedTemporalServerRunsASingleInstanceWithALoudWarning(CapturedOutput output) {
		Map<String, String> env = with("TEMPORAL_TARGET", "");
		env.put("TEMPORAL_EMBEDDED", "true");
		env.put("TEMPORAL_EMBEDDED_PORT", "0");
		try (ConfigurableApplicationContext app = start(env)) {
			assertThat(new ApiClient(port(app), ADMIN_PASSWORD).get(ADMIN, "/v1/me").statusCode()).isEqualTo(200);
		}
		assertThat(output.getOut()).contains("TEMPORAL_EMBEDDED=true: this instance runs an EPHEMERAL in-process Temporal");
	}

	@Test
	void anEmbeddedTemporalServerIsRefusedOnASplitInstance(CapturedOutput output) {
		Map<String, String> env = with("TEMPORAL_TARGET", "");
		env.put("TEMPORAL_EMBEDDED", "true");
		env.put("APP_ROLES", "worker");
		assertRefused(env, output, "TEMPORAL_EMBEDDED=true with APP_ROLES=worker");
	}

	@Test
	void anUnknownAppRoleIsRefused(CapturedOutput output) {
		assertRefused(with("APP_ROLES", "api,wroker"), output, "APP_ROLES has the unknown value(s) [wroker]");
	}

	@Test
	void anIncompleteBootstrapIsRefused(CapturedOutput output) {
		Map<String, String> env = with("JMLHUB_BOOTSTRAP_ADMIN_USERNAME", "");
		env.put("JMLHUB_BOOTSTRAP_ADMIN_PASSWORD_FILE", "/nonexistent");
		assertRefused(env, output, "the bootstrap is incomplete: JMLHUB_BOOTSTRAP_ADMIN_USERNAME not set");
	}

	@Test
	void aSuperuserRuntimeRoleIsRefused(CapturedOutput output) {
		Map<String, String> env = with("SPRING_DATASOURCE_USERNAME", "postgres");
		assertRefused(env, output, "the runtime role postgres (SPRING_DATASOURCE_USERNAME) is a superuser");
	}

	@Test
	void aWrongRuntimePasswordNamesTheRoleAndTheVariable(CapturedOutput output) {
		assertRefused(with("SPRING_DATASOURCE_PASSWORD", "wrong"), output,
				"PostgreSQL rejected the login of role jml_app (the runtime role)", "SPRING_DATASOURCE_PASSWORD");
	}

	@Test
	void aWrongOwnerPasswordNamesTheRoleAndTheVariable(CapturedOutput output) {
		assertRefused(with("SPRING_FLYWAY_PASSWORD", "wrong"), output,
				"PostgreSQL rejected the login of role jml_owner (the migration owner)", "SPRING_FLYWAY_PASSWORD");
	}

	@Test
	void anInvalidSessionSettingNamesTheVariable(CapturedOutput output) {
		assertRefused(with("DB_JIT", "sometimes"), output,
				"PostgreSQL refused the setting jit of the application's connections", "Check DB_JIT (on or off)");
	}

	@Test
	void anOutOfRangeParallelWorkersSettingNamesTheVariable(CapturedOutput output) {
		assertRefused(with("DB_MAX_PARALLEL_WORKERS_PER_GATHER", "-5"), output,
				"PostgreSQL refused the setting max_parallel_workers_per_gather", "Check DB_MAX_PARALLEL_WORKERS_PER_GATHER");
	}

	@Test
	void aWrongDatabaseNameIsOneMessage(CapturedOutput output) {
		String log = assertRefused(with("SPRING_DATASOURCE_URL", database.jdbcUrl() + "x"), output,
				"the database named in " + database.jdbcUrl() + "x does not exist", "SPRING_DATASOURCE_URL");
		assertThat(log.split("database \"jmlx\" does not exist", -1)).as("PostgreSQL's words once").hasSize(2);
	}

	@Test
	void aClosedDatabasePortIsOneMessage(CapturedOutput output) {
		String url = "jdbc:postgresql://127.0.0.1:" + freePort() + "/jml";
		assertRefused(with("SPRING_DATASOURCE_URL", url), output, "PostgreSQL at " + url + " cannot be reached",
				"SPRING_DATASOURCE_URL");
	}

	/**
	 * The start fails with the one analysed message, said once (issue 34: the context repeated it),
	 * without a stack wall, and no background work ran.
	 */
	private String assertRefused(Map<String, String> env, CapturedOutput output, String... expected) {
		int from = output.getOut().length();
		long runsBefore = jobRows();
		assertThatThrownBy(() -> start(env).close()).isNotNull();
		assertThat(jobRows()).as("no job ran, no worker wrote a heartbeat").isEqualTo(runsBefore);
		String log = output.getOut().substring(from);
		assertThat(log).contains("APPLICATION FAILED TO START", "JML Hub refused to start").contains(expected);
		assertThat(log.split("refused to start", -1)).as("the message once: " + log).hasSize(2);
		assertThat(log.split(java.util.regex.Pattern.quote(expected[0]), -1)).as("the problem once: " + log).hasSize(2);
		assertThat(log).doesNotContain("Exception encountered during context initialization",
				"Exception during pool initialization", "Error starting Tomcat context");
		assertThat(log.lines().filter(line -> line.startsWith("\tat ")).count()).as("no stack trace").isZero();
		assertThat(log).doesNotContain("Jobs: started", "Temporal worker started", "Tomcat started",
				"JML Hub is running");
		return log;
	}

	private static String stageStatus(JsonNode run, String stage) {
		for (JsonNode candidate : run.get("stages")) {
			if (candidate.get("name").asString().equals(stage)) {
				return candidate.get("status").asString();
			}
		}
		throw new AssertionError("no stage " + stage + " in " + run);
	}

	/** Job runs plus instance heartbeats so far (0 before the first start created the tables). */
	private static long jobRows() {
		boolean migrated = count("SELECT count(*) FROM pg_tables WHERE tablename = 'job_runs'") == 1;
		return migrated ? count("SELECT (SELECT count(*) FROM job_runs) + (SELECT count(*) FROM job_instances)") : 0;
	}

	private static long count(String sql) {
		Long count = database.asSuperuser(jdbc -> jdbc.sql(sql).query(Long.class).single());
		return count;
	}

	private static String passwordHash() {
		return database.asSuperuser(jdbc -> jdbc.sql("SELECT password_hash FROM app_users WHERE username = :u")
			.param("u", ADMIN)
			.query(String.class)
			.single());
	}

	private static int port(ConfigurableApplicationContext app) {
		return app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
