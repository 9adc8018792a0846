package jobs.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import jobs.assembly.JobsAssembly;
import jobs.store.JobInstanceRepository;
import jobs.store.JobTriggerRepository;
import platform.RuntimeRoles;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code APP_ROLES=api}: a web node builds no job runner and writes no heartbeat, although job
 * beans are contributed; yet its jobs page and API show the workers' jobs (here a worker's
 * heartbeat row written by the test) and its "Run now" becomes a request for a worker.
 */
@JmlHubIntegrationTestWithApiRole
class ApiOnlyInstanceTests {

	static final String REMOTE = "remote-worker-for-api-test";
	static final String REMOTE_JOB = "test_remote_only";

	@LocalServerPort
	int port;

	@Autowired
	RuntimeRoles roles;

	@Autowired
	JobsAssembly assembly;

	@Autowired
	TestJobs.CountingJob counter;

	@Autowired
	JobInstanceRepository instances;

	@Autowired
	JobTriggerRepository triggers;

	@Autowired
	JsonMapper json;

	@Test
	void runsNoJobButShowsAndTriggersTheWorkersJobsThroughTheDatabase() {
		assertThat(roles.roles()).containsExactly("api");
		assertThat(roles.worker()).isFalse();
		assertThat(assembly.isRunning()).isTrue();
		assertThat(assembly.states()).as("no runner was built").isEmpty();
		assertThat(counter.runs()).isZero();

		instances.heartbeat(REMOTE, "worker-host", "worker", Instant.now(), Instant.now(), """
				[{"name":"%s","interval":"PT1H","timeout":"PT5M","running":false,"overdue":false,"queued":false,
				  "stopped":false,"lastStartedAt":null,"lastDuration":null,"lastOutcome":null,"lastError":null,
				  "nextRunAt":"2099-01-01T00:00:00Z"}]""".formatted(REMOTE_JOB));

		var page = ConsoleSession.login(port, "ada").get("/admin/jobs");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"job-" + REMOTE_JOB + "\"", "instance-" + REMOTE);

		ApiClient api = new ApiClient(port);
		var overview = api.get("ada", "/v1/admin/jobs");
		assertThat(overview.statusCode()).isEqualTo(200);
		assertThat(overview.body()).contains(REMOTE, REMOTE_JOB);

		var trigger = api.post("ada", "/v1/admin/jobs/" + REMOTE_JOB + "/trigger", null);
		assertThat(trigger.statusCode()).as(trigger.body()).isEqualTo(202);
		long id = json.readTree(trigger.body()).get("triggerId").asLong();
		assertThat(triggers.find(id)).hasValueSatisfying(stored -> {
			assertThat(stored.job()).isEqualTo(REMOTE_JOB);
			assertThat(stored.claimedBy()).as("waits for the worker that runs it").isNull();
		});
		// nothing on this node claims it: it has no runner
		await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
			.until(() -> triggers.find(id).orElseThrow().claimedBy() == null);

		assertThat(api.post("ada", "/v1/admin/jobs/test_counter_nowhere/trigger", null).statusCode()).isEqualTo(404);
		assertThat(counter.runs()).isZero();
	}
}
