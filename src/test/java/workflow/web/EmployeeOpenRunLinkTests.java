package workflow.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * The employee page links the run a hire asked for while it is open (HR knows the change, the
 * workflow the run): the link leads to the run once the workflow created it, and to the
 * employee's runs list, saying so, before.
 */
@JmlHubIntegrationTest
class EmployeeOpenRunLinkTests {

	@LocalServerPort
	int port;

	@Test
	void theEmployeePageLinksTheOpenJoinerRun() {
		ApiClient api = new ApiClient(port);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Open Run Link","email":"open-run-%s@acme.example","department":"IT","manager":"manny",\
				"startDate":"2031-02-01"}""".formatted(UUID.randomUUID()));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employeeId = ApiClient.field(hired.body(), "id");
		ConsoleSession hana = ConsoleSession.login(port, "hana");

		String page = hana.get("/hr/employees/" + employeeId).body();
		Matcher link = Pattern.compile("class=\"open-run\" href=\"([^\"]+)\"").matcher(page);
		assertThat(link.find()).as("an open-run link on the employee page").isTrue();
		String href = link.group(1).replace("&amp;", "&");
		assertThat(href).startsWith("/runs/for-change?key=").contains("employeeId=" + employeeId);

		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			HttpResponse<String> open = hana.get(href);
			assertThat(open.statusCode()).isEqualTo(302);
			assertThat(open.headers().firstValue("Location").orElseThrow()).matches(".*/runs/[0-9a-f-]{36}$");
		});

		HttpResponse<String> notYet = hana.get("/runs/for-change?key=no-such-change&employeeId=" + employeeId);
		assertThat(notYet.headers().firstValue("Location").orElseThrow()).endsWith("/runs?employeeId=" + employeeId);
		assertThat(hana.follow(notYet).body()).contains("The run is being started");
	}
}
