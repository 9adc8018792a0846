package jobs.web;

import platform.testing.ConsoleSession;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

import jobs.assembly.JobsAssembly;
import platform.RuntimeRoles;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/**
 * {@code APP_ROLES=api}: a web node serves pages and the API but builds no job runner, although
 * job beans are contributed; its jobs page shows the empty state.
 */
@JmlHubIntegrationTest
@Import(TestJobs.class)
@TestPropertySource(properties = "APP_ROLES=api")
class ApiOnlyInstanceTests {

	@LocalServerPort
	int port;

	@Autowired
	RuntimeRoles roles;

	@Autowired
	JobsAssembly assembly;

	@Autowired
	TestJobs.CountingJob counter;

	@Test
	void servesPagesAndTheApiButStartsNoJob() {
		assertThat(roles.roles()).containsExactly("api");
		assertThat(roles.worker()).isFalse();

		var page = ConsoleSession.login(port, "ada").get("/admin/jobs");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("No jobs run on this instance", "Ada").doesNotContain("test_counter");

		ApiClient api = new ApiClient(port);
		assertThat(api.get("ada", "/v1/me").statusCode()).isEqualTo(200);
		var jobs = api.get("ada", "/v1/admin/jobs");
		assertThat(jobs.statusCode()).isEqualTo(200);
		assertThat(jobs.body()).isEqualTo("[]");
		assertThat(api.post("ada", "/v1/admin/jobs/test_counter/trigger", null).statusCode()).isEqualTo(404);

		assertThat(assembly.isRunning()).isTrue();
		assertThat(assembly.states()).as("no runner was built").isEmpty();
		assertThat(counter.runs()).isZero();
	}
}
