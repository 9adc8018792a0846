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
				{"displayName":"No Run","email":"%s@acme.example","department":"Ops","manager":"manny","startDate":"2025-03-01"}"""
			.formatted(UUID.randomUUID()));
		assertThat(hired.statusCode()).isEqualTo(201);
		String employeeId = ApiClient.field(hired.body(), "id");

		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				api.get("ada", "/v1/admin/outbox/events?aggregateId=" + employeeId).body())
			.contains("\"eventType\":\"hr.employee.created\"", "\"status\":\"delivered\""));

		assertThat(api.get("hana", "/v1/workflow-runs?employeeId=" + employeeId).body()).contains("\"items\":[]");
	}
}
