package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/**
 * With {@code WORKFLOW_JML_AUTO_START_ENABLED=false} the whole chain runs (HR API, outbox,
 * dispatcher, workflow handler) and the joiner event is delivered, but no run is created.
 */
@JmlHubIntegrationTest
@TestPropertySource(properties = "workflow.jml.auto-start-enabled=false")
class AutoStartDisabledTests {

	@LocalServerPort
	int port;

	@Test
	void aDeliveredJoinerEventStartsNoRunWhenAutoStartIsOff() {
		ApiClient api = new ApiClient(port);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"No Run","email":"%s@acme.example","department":"Ops","manager":"manny","startDate":"2031-03-01"}"""
			.formatted(UUID.randomUUID()));
		assertThat(hired.statusCode()).isEqualTo(201);
		String employeeId = ApiClient.field(hired.body(), "id");

		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				api.get("ada", "/v1/admin/outbox/events?aggregateId=" + employeeId).body())
			.contains("\"eventType\":\"hr.employee.created\"", "\"status\":\"delivered\""));

		assertThat(api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body()).contains("\"items\":[]");
	}

	@Test
	void hrStartsTheRunByHandOnceTheWorkflowSaidNoneIsOpenAndOnlyOneAtATime() {
		ApiClient api = new ApiClient(port);
		var hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Manual Run","email":"%s@acme.example","department":"Ops","manager":"manny","startDate":"2031-03-01"}"""
			.formatted(UUID.randomUUID()));
		String employeeId = ApiClient.field(hired.body(), "id");
		String runs = "/v1/hr/employees/" + employeeId + "/runs";
		// the hire's joiner event is answered "not started" because auto-start is off
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(api.get("hana", runs).body())
			.contains("\"definition\":\"joiner\"", "\"outcome\":\"not_started\""));

		assertThat(api.post("hana", runs, "{\"definition\":\"leaver\"}").statusCode()).isEqualTo(409);
		var unknown = api.post("hana", runs, "{\"definition\":\"promotion\"}");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("\"definition\"");
		var requested = api.post("hana", runs, "{\"definition\":\"joiner\"}");
		assertThat(requested.statusCode()).as(requested.body()).isEqualTo(202);
		var again = api.post("hana", runs, "{\"definition\":\"joiner\"}");
		assertThat(again.statusCode()).isEqualTo(409);
		assertThat(again.body()).contains("already open");

		// the requested run starts although auto-start is off, and HR may ask again once it ended
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body()).contains("\"status\":\"running\""));
		String runId = ApiClient.field(api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body(), "id");
		var withdrawn = api.post("hana", "/v1/workflow-runs/" + runId + "/withdraw", "{\"comment\":\"hired by mistake\"}",
				UUID.randomUUID().toString());
		assertThat(withdrawn.statusCode()).as(withdrawn.body()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(api.get("hana", runs).body())
			.contains("\"outcome\":\"withdrawn\""));
		assertThat(api.post("hana", runs, "{\"definition\":\"joiner\"}").statusCode()).isEqualTo(202);
	}
}
