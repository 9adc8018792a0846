package jobs.web;

import java.util.Map;
import platform.testing.ConsoleSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import jobs.assembly.JobsAssembly;

/** The jobs page over HTTP: full page, polled fragment, the "Run now" swap and its protection. */
@JobsIntegrationTest
class JobsAdminPageTests {

	@LocalServerPort
	int port;

	@Autowired
	JobsAssembly assembly;

	@Test
	void thePageListsTheJobsInstancesAndRunsFromTheDatabaseAndPollsOnlyWhileVisible() {
		await().atMost(Duration.ofSeconds(15)).until(() -> ConsoleSession.login(port, "ada").get("/admin/jobs").body()
			.contains("IllegalStateException: simulated failure"));
		var page = ConsoleSession.login(port, "ada").get("/admin/jobs");

		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("<title>Jobs · JML Hub</title>", "Ada", "Acme Corp", "id=\"job-test_counter\"",
				"id=\"job-test_failing\"", "IllegalStateException: simulated failure", "every 1 h · timeout 5 min",
				"hx-trigger=\"every 5s, refresh\"",
				"hx-get=\"/admin/jobs/rows\"", "hx-post=\"/admin/jobs/test_counter/trigger\"", "Run now",
				"id=\"instances-table\"", "id=\"runs-table\"", ">alive<")
			.doesNotContain("No live worker instance runs a job");
	}

	@Test
	void thePolledFragmentIsTheLivePartAlone() {
		var rows = ConsoleSession.login(port, "ada").get("/admin/jobs/rows");
		assertThat(rows.statusCode()).isEqualTo(200);
		assertThat(rows.body().strip()).startsWith("<div id=\"jobs-live\"").endsWith("</div>")
			.contains("id=\"job-test_gated\"", "id=\"instances-table\"")
			.doesNotContain("<html", "navbar");
	}

	@Test
	void runNowAnswersTheRowAndAnOutOfBandNotice() {
		var response = ConsoleSession.login(port, "ada").htmxPost("/admin/jobs/test_counter/trigger", Map.of());
		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body().strip();
		assertThat(body).startsWith("<tr id=\"job-test_counter\"").contains("hx-swap-oob=\"true\"", "id=\"jobs-flash\"")
			.contains("Accepted: run-now request", "for test_counter is stored");
	}

	@Test
	void aTenantAdminWhoIsNoPlatformOperatorSeesNoJobs() {
		var gus = ConsoleSession.login(port, "gus");
		var page = gus.get("/admin/jobs");
		assertThat(page.body()).contains("Not allowed").doesNotContain("test_counter", "simulated failure");
		assertThat(gus.htmxPost("/admin/jobs/test_counter/trigger", Map.of()).statusCode()).isEqualTo(403);
		var deadLetters = gus.get("/admin/outbox/dead-letters");
		assertThat(deadLetters.statusCode()).as("still a tenant admin").isEqualTo(200);
		assertThat(deadLetters.body()).contains("href=\"/admin/outbox/dead-letters\"").doesNotContain("href=\"/admin/jobs\"");
		assertThat(ConsoleSession.login(port, "ada").get("/admin/outbox/dead-letters").body()).contains("href=\"/admin/jobs\"");
	}

	@Test
	void runNowNeedsTheCsrfTokenAndTheOperatorRole() {
		assertThat(ConsoleSession.login(port, "ada").htmxPostWithoutCsrf("/admin/jobs/test_counter/trigger", Map.of()).statusCode())
			.isEqualTo(403);
		var approver = ConsoleSession.login(port, "manny").htmxPost("/admin/jobs/test_counter/trigger", Map.of());
		assertThat(approver.statusCode()).isEqualTo(403);
		assertThat(ConsoleSession.login(port, "hana").get("/admin/jobs").body()).contains("Not allowed")
			.doesNotContain("test_counter");
	}

	@Test
	void runNowOfAnUnknownJobIsTheNotFoundPage() {
		var response = ConsoleSession.login(port, "ada").htmxPost("/admin/jobs/no_such_job/trigger", Map.of());
		assertThat(response.statusCode()).isEqualTo(404);
	}
}
