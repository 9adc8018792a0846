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

import jobs.assembly.JobsAssembly;
import jobs.runner.JobRunnerState;
import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@JobsIntegrationTest
class JobsAdminApiTests {

	@LocalServerPort
	int port;

	@LocalManagementPort
	int managementPort;

	@Autowired
	JsonMapper json;

	@Autowired
	JobsAssembly assembly;

	@Autowired
	TestJobs.CountingJob counter;

	@Autowired
	TestJobs.GatedJob gated;

	ApiClient api() {
		return new ApiClient(port);
	}

	JsonNode job(String name) {
		var response = api().get("ada", "/v1/admin/jobs");
		assertThat(response.statusCode()).isEqualTo(200);
		for (JsonNode job : json.readTree(response.body())) {
			if (job.get("name").asString().equals(name)) {
				return job;
			}
		}
		throw new AssertionError("no job " + name + " in " + response.body());
	}

	@Test
	void listsEveryRunnerOfThisInstanceWithItsState() {
		await().atMost(Duration.ofSeconds(10)).until(() -> job("test_failing").get("lastOutcome").isString());

		var response = api().get("ada", "/v1/admin/jobs");
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
		JsonNode failing = job("test_failing");
		assertThat(failing.propertyNames()).containsExactlyInAnyOrder("name", "interval", "timeout", "running",
				"lastStartedAt", "lastDuration", "lastOutcome", "lastError", "nextRunAt");
		assertThat(failing.get("interval").asString()).isEqualTo("PT1H");
		assertThat(failing.get("timeout").asString()).as("jmlhub.jobs.defaults").isEqualTo("PT5M");
		assertThat(failing.get("lastOutcome").asString()).isEqualTo("failed");
		assertThat(failing.get("lastError").asString())
			.isEqualTo("IllegalStateException: simulated failure: the source table is unreachable");
		assertThat(Instant.parse(failing.get("lastStartedAt").asString())).isBefore(Instant.now().plusSeconds(1));
		assertThat(Duration.parse(failing.get("lastDuration").asString()).isNegative()).isFalse();
		assertThat(Instant.parse(failing.get("nextRunAt").asString())).isAfter(Instant.now());

		await().atMost(Duration.ofSeconds(10)).until(() -> job("test_counter").get("lastOutcome").isString());
		JsonNode counting = job("test_counter");
		assertThat(counting.get("lastOutcome").asString()).isEqualTo("succeeded");
		assertThat(counting.get("lastError").isNull()).as("null fields are present, not omitted").isTrue();
	}

	@Test
	void triggerRunsTheJobNowAndAnswers202() {
		await().atMost(Duration.ofSeconds(10)).until(() -> !job("test_counter").get("running").asBoolean());
		int before = counter.runs();

		var response = api().post("ada", "/v1/admin/jobs/test_counter/trigger", null);
		assertThat(response.statusCode()).isEqualTo(202);
		assertThat(response.body()).isEqualTo("{\"accepted\":true}");
		await().atMost(Duration.ofSeconds(10)).until(() -> counter.runs() > before);
	}

	@Test
	void aTriggerDuringARunQueuesOneFollowUpAndFurtherOnesAreNotAccepted() {
		if (!gatedState().running()) {
			assertThat(api().post("ada", "/v1/admin/jobs/test_gated/trigger", null).body()).contains("true");
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> gatedState().running());
		assertThat(job("test_gated").get("running").asBoolean()).isTrue();

		var queued = api().post("ada", "/v1/admin/jobs/test_gated/trigger", null);
		assertThat(queued.statusCode()).isEqualTo(202);
		assertThat(queued.body()).isEqualTo("{\"accepted\":true}");
		var coalesced = api().post("ada", "/v1/admin/jobs/test_gated/trigger", null);
		assertThat(coalesced.statusCode()).isEqualTo(202);
		assertThat(coalesced.body()).isEqualTo("{\"accepted\":false}");

		gated.release();
		await().atMost(Duration.ofSeconds(10)).until(() -> !gatedState().queued() && gatedState().running());
		gated.release();
		await().atMost(Duration.ofSeconds(10)).until(() -> !job("test_gated").get("running").asBoolean());
		assertThat(job("test_gated").get("lastOutcome").asString()).isEqualTo("succeeded");
	}

	JobRunnerState gatedState() {
		return assembly.state("test_gated").orElseThrow();
	}

	@Test
	void anUnknownJobIs404ProblemJson() {
		var response = api().post("ada", "/v1/admin/jobs/no_such_job/trigger", null);
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("problems/not-found", "No job named no_such_job runs on this instance.");
	}

	@Test
	void onlyAdminsMayUseIt() {
		assertThat(api().get("manny", "/v1/admin/jobs").statusCode()).isEqualTo(403);
		assertThat(api().post("hana", "/v1/admin/jobs/test_counter/trigger", null).statusCode()).isEqualTo(403);
		assertThat(api().get(null, "/v1/admin/jobs").statusCode()).isEqualTo(401);
	}

	@Test
	void theOpenApiDescriptionSaysTheStateIsProcessLocal() {
		var response = api().get(null, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("/v1/admin/jobs/{name}/trigger", "Job state is process-local");
	}

	@Test
	void jobDurationsAreAPrometheusHistogramWithUnlistedJobsAsUnknown() throws Exception {
		await().atMost(Duration.ofSeconds(10)).until(() -> job("test_failing").get("lastOutcome").isString());
		String metrics = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/metrics")).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
		assertThat(metrics).containsPattern("worker_job_duration_seconds_bucket\\{[^}]*job=\"unknown\",[^}]*outcome=\"failed\"")
			.doesNotContain("job=\"test_failing\"");
	}
}
