package jobs.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import jobs.store.JobLeaseRepository;
import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The jobs API on a worker running the {@link TestJobs}: everything it answers comes from the job
 * tables (heartbeat snapshots, job_runs, job_triggers), and only platform operators may use it.
 */
@JobsIntegrationTest
class JobsAdminApiTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Autowired
	JsonMapper json;

	@Autowired
	TestJobs.CountingJob counter;

	@Autowired
	TestJobs.GatedJob gated;

	@Autowired
	JobLeaseRepository leases;

	@Autowired
	JdbcClient jdbc;

	/** The lease as a round asks for it: holders gone for the default instance timeout lose it. */
	boolean acquire(String job, String holder, Duration duration) {
		return leases.tryAcquire(job, holder, duration, Instant.now().minus(Duration.ofSeconds(30)));
	}

	ApiClient api() {
		return new ApiClient(port);
	}

	JsonNode overview() {
		var response = api().get("ada", "/v1/admin/jobs");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	/** This worker: the live instance whose heartbeat lists the test jobs. */
	JsonNode instance() {
		for (JsonNode instance : overview().get("instances")) {
			if (instance.get("alive").asBoolean() && runner(instance, "test_counter") != null) {
				return instance;
			}
		}
		throw new AssertionError("no live instance runs test_counter: " + overview());
	}

	static JsonNode runner(JsonNode instance, String name) {
		for (JsonNode runner : instance.get("runners")) {
			if (runner.get("name").asString().equals(name)) {
				return runner;
			}
		}
		return null;
	}

	JsonNode job(String name) {
		JsonNode runner = runner(instance(), name);
		assertThat(runner).as(name).isNotNull();
		return runner;
	}

	JsonNode runs(String job) {
		var response = api().get("ada", "/v1/admin/jobs/runs?job=" + job);
		assertThat(response.statusCode()).isEqualTo(200);
		return json.readTree(response.body());
	}

	@Test
	void listsEveryInstanceWithItsRunnersFromTheHeartbeat() {
		await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(job("test_failing").get("lastOutcome").isString()).isTrue());

		JsonNode instance = instance();
		assertThat(instance.propertyNames()).containsExactlyInAnyOrder("instanceId", "host", "roles", "startedAt",
				"heartbeatAt", "alive", "stoppedAt", "runners");
		assertThat(instance.get("roles").asString()).isEqualTo("api,worker");
		assertThat(Instant.parse(instance.get("heartbeatAt").asString())).isAfter(Instant.now().minusSeconds(30));
		JsonNode failing = job("test_failing");
		assertThat(failing.propertyNames()).containsExactlyInAnyOrder("name", "interval", "timeout", "running",
				"lastStartedAt", "lastDuration", "lastOutcome", "lastError", "nextRunAt");
		assertThat(failing.get("interval").asString()).isEqualTo("PT1H");
		assertThat(failing.get("timeout").asString()).as("jmlhub.jobs.defaults").isEqualTo("PT5M");
		assertThat(failing.get("lastOutcome").asString()).isEqualTo("failed");
		assertThat(failing.get("lastError").asString())
			.isEqualTo("IllegalStateException: simulated failure: the source table is unreachable");
		assertThat(Instant.parse(failing.get("nextRunAt").asString())).isAfter(Instant.now());
	}

	@Test
	void everyRoundThatRanIsARowWithItsInstanceOutcomeAndError() {
		String instanceId = instance().get("instanceId").asString();
		await().atMost(Duration.ofSeconds(15)).until(() -> runs("test_failing").size() > 0);
		JsonNode failed = runs("test_failing").get(0);
		assertThat(failed.get("instanceId").asString()).isEqualTo(instanceId);
		assertThat(failed.get("outcome").asString()).isEqualTo("failed");
		assertThat(failed.get("error").asString()).contains("simulated failure");
		assertThat(Duration.parse(failed.get("duration").asString()).isNegative()).isFalse();
		assertThat(Instant.parse(failed.get("finishedAt").asString()))
			.isAfterOrEqualTo(Instant.parse(failed.get("startedAt").asString()));
		assertThat(overview().get("recentRuns").size()).isPositive();
	}

	@Test
	void runNowIsARequestInTheDatabaseThatThisWorkerClaimsAndRuns() {
		int before = counter.runs();
		int rowsBefore = runs("test_counter").size();

		var response = api().post("ada", "/v1/admin/jobs/test_counter/trigger", null);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		long triggerId = json.readTree(response.body()).get("triggerId").asLong();
		assertThat(json.readTree(response.body()).get("accepted").asBoolean()).isTrue();

		await().atMost(Duration.ofSeconds(15)).until(() -> counter.runs() > before);
		JsonNode trigger = json.readTree(api().get("ada", "/v1/admin/jobs/triggers/" + triggerId).body());
		assertThat(trigger.get("claimedBy").asString()).isEqualTo(instance().get("instanceId").asString());
		assertThat(trigger.get("requestedBy").asString()).isEqualTo("ada");
		assertThat(trigger.get("result").asString()).isIn("started", "queued");
		await().atMost(Duration.ofSeconds(15)).until(() -> runs("test_counter").size() > rowsBefore);
	}

	@Test
	void aRoundWhoseLeaseAnotherInstanceHoldsDoesNotRun() {
		await().atMost(Duration.ofSeconds(15)).until(() -> !job("test_counter").get("running").asBoolean());
		assertThat(acquire("test_counter", "another-instance", Duration.ofHours(1))).isTrue();
		try {
			int before = counter.runs();
			long triggerId = json.readTree(api().post("ada", "/v1/admin/jobs/test_counter/trigger", null).body())
				.get("triggerId")
				.asLong();
			await().atMost(Duration.ofSeconds(15)).until(() -> json
				.readTree(api().get("ada", "/v1/admin/jobs/triggers/" + triggerId).body())
				.get("result")
				.isString());
			await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> counter.runs() == before);
		}
		finally {
			leases.release("test_counter", "another-instance");
		}
		int before = counter.runs();
		api().post("ada", "/v1/admin/jobs/test_counter/trigger", null);
		await().atMost(Duration.ofSeconds(15)).until(() -> counter.runs() > before);
	}

	@Test
	void aLeaseIsExclusiveUntilReleasedOrExpiredSoACrashedHolderDoesNotBlockForever() {
		assertThat(acquire("test_lease_only", "crashed-instance", Duration.ofMillis(300))).isTrue();
		assertThat(acquire("test_lease_only", "other-instance", Duration.ofHours(1))).isFalse();
		await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
			.until(() -> acquire("test_lease_only", "other-instance", Duration.ofHours(1)));
		assertThat(acquire("test_lease_only", "crashed-instance", Duration.ofHours(1))).isFalse();
		leases.release("test_lease_only", "crashed-instance");
		assertThat(acquire("test_lease_only", "third-instance", Duration.ofHours(1))).as("only the holder releases").isFalse();
		leases.release("test_lease_only", "other-instance");
		assertThat(acquire("test_lease_only", "third-instance", Duration.ofHours(1))).isTrue();
		leases.release("test_lease_only", "third-instance");
	}

	/**
	 * A crashed instance's lease (an hour long here, the job's timeout plus a margin in life) is
	 * taken over as soon as its heartbeat is older than the instance timeout, or it stopped; a live
	 * instance's is not. The worker's next round then runs here.
	 */
	@Test
	void aLeaseOfAnInstanceThatIsGoneIsTakenOverBeforeItExpires() {
		jdbc.sql("""
				INSERT INTO job_instances (instance_id, host, roles, started_at, heartbeat_at, stopped_at)
				VALUES ('crashed-holder', 'h1', 'worker', now() - interval '1 hour', now() - interval '1 minute', NULL),
				       ('stopped-holder', 'h2', 'worker', now() - interval '1 hour', now(), now()),
				       ('live-holder', 'h3', 'worker', now() - interval '1 hour', now(), NULL)""").update();
		try {
			await().atMost(Duration.ofSeconds(15)).until(() -> !job("test_counter").get("running").asBoolean());
			assertThat(acquire("test_counter", "crashed-holder", Duration.ofHours(1))).isTrue();
			jdbc.sql("""
					INSERT INTO job_runs (job, instance_id, started_at, outcome)
					VALUES ('test_counter', 'crashed-holder', now() - interval '2 minutes', 'running'),
					       ('test_counter', 'live-holder', now() - interval '2 minutes', 'running')""").update();
			int before = counter.runs();
			api().post("ada", "/v1/admin/jobs/test_counter/trigger", null);
			await().atMost(Duration.ofSeconds(15)).until(() -> counter.runs() > before);
			// the crashed holder's round died with it: failed at its last heartbeat; the live one's runs on
			assertThat(jdbc.sql("""
					SELECT instance_id || ' ' || outcome || ' ' || coalesce(error, '') || ' ' || coalesce((duration_ms BETWEEN 55000 AND 65000)::text, 'none')
					FROM job_runs WHERE instance_id IN ('crashed-holder', 'live-holder') ORDER BY instance_id""")
				.query(String.class).list()).containsExactly(
						"crashed-holder failed Its instance crashed-holder stopped before the round finished (last heartbeat "
								+ jdbc.sql("SELECT to_char(heartbeat_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM job_instances WHERE instance_id = 'crashed-holder'")
									.query(String.class).single() + ") true",
						"live-holder running  none");

			assertThat(acquire("test_lease_only", "stopped-holder", Duration.ofHours(1))).isTrue();
			assertThat(acquire("test_lease_only", "other-instance", Duration.ofHours(1))).as("a stopped holder").isTrue();
			assertThat(acquire("test_lease_only", "live-holder", Duration.ofHours(1))).as("held by other-instance").isFalse();
			leases.release("test_lease_only", "other-instance");
			assertThat(acquire("test_lease_only", "live-holder", Duration.ofHours(1))).isTrue();
			assertThat(acquire("test_lease_only", "other-instance", Duration.ofHours(1))).as("a live holder").isFalse();
		}
		finally {
			leases.release("test_lease_only", "live-holder");
			jdbc.sql("DELETE FROM job_instances WHERE instance_id IN ('crashed-holder', 'stopped-holder', 'live-holder')")
				.update();
			jdbc.sql("DELETE FROM job_runs WHERE instance_id IN ('crashed-holder', 'live-holder')").update();
		}
	}

	@Test
	void aJobThatRunsOnNoLiveInstanceIs404ProblemJson() {
		var response = api().post("ada", "/v1/admin/jobs/no_such_job/trigger", null);
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("problems/not-found", "No live worker instance runs a job named no_such_job.");
	}

	@Test
	void onlyPlatformOperatorsMayUseItNotATenantAdmin() {
		assertThat(api().get("gus", "/v1/me").body()).as("gus is globex's ADMIN").contains("ADMIN");
		assertThat(api().get("gus", "/v1/admin/jobs").statusCode()).isEqualTo(403);
		assertThat(api().get("gus", "/v1/admin/jobs/runs").statusCode()).isEqualTo(403);
		assertThat(api().post("gus", "/v1/admin/jobs/test_counter/trigger", null).statusCode()).isEqualTo(403);
		var forbidden = api().get("gus", "/v1/admin/jobs");
		assertThat(forbidden.body()).doesNotContain("simulated failure", "test_failing");
		assertThat(api().get("manny", "/v1/admin/jobs").statusCode()).isEqualTo(403);
		assertThat(api().post("hana", "/v1/admin/jobs/test_counter/trigger", null).statusCode()).isEqualTo(403);
		assertThat(api().get(null, "/v1/admin/jobs").statusCode()).isEqualTo(401);
	}

	@Test
	void theOpenApiDescriptionSaysTheStateIsShared() {
		var response = api().get(null, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("/v1/admin/jobs/{name}/trigger", "Job state lives in PostgreSQL");
	}

	@Test
	void jobDurationsAreAPrometheusHistogramWithUnlistedJobsAsUnknown() throws Exception {
		await().atMost(Duration.ofSeconds(15)).until(() -> job("test_failing").get("lastOutcome").isString());
		String metrics = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/metrics")).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
		assertThat(metrics).containsPattern("worker_job_duration_seconds_bucket\\{[^}]*job=\"unknown\",[^}]*outcome=\"failed\"")
			.doesNotContain("job=\"test_failing\"");
	}
}
