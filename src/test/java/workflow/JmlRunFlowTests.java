package workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEventHandler;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs through the real handlers, the real Temporal worker, PostgreSQL projection and API, with
 * the events handed to the handlers directly (as the dispatcher does, including re-deliveries).
 */
@JmlHubIntegrationTest
class JmlRunFlowTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	List<OutboxEventHandler> handlers;

	RunScenario scenario;

	@BeforeEach
	void setUp() {
		scenario = new RunScenario(new ApiClient(port), json);
	}

	void deliver(DeliveredEvent event) throws Exception {
		handlers.stream().filter(h -> h.eventType().equals(event.type())).findFirst().orElseThrow().handle(event);
	}

	UUID startJoiner(UUID employeeId, String manager) throws Exception {
		deliver(RunScenario.delivered("acme", EventTypes.HR_EMPLOYEE_CREATED, employeeId,
				RunScenario.employee(employeeId, manager)));
		UUID runId = scenario.awaitRunOf(employeeId);
		deliver(RunScenario.startRequest("acme", runId));
		return runId;
	}

	@Test
	void aJoinerIsApprovedByManagerItAndTwoSecurityApproversAndCompletesWithItsGrants() throws Exception {
		UUID runId = startJoiner(UUID.randomUUID(), "manny");
		JsonNode manager = scenario.awaitActiveStage(runId, "manager_approval");
		assertThat(manager.get("assignees").toString()).isEqualTo("[\"manny\"]");
		scenario.approve(runId, "manager_approval", "manny");
		scenario.approve(runId, "it_access", "ivan");
		scenario.approve(runId, "security_approval", "sara");
		scenario.awaitActiveStage(runId, "security_approval");
		scenario.approve(runId, "security_approval", "sam");

		JsonNode run = scenario.awaitStatus(runId, "completed");
		assertThat(RunScenario.stage(run, "security_approval").get("approvals").asInt()).isEqualTo(2);
		assertThat(RunScenario.stage(run, "notify_hr").get("status").asString()).isEqualTo("completed");
		assertThat(run.get("grants")).hasSize(1);
		assertThat(run.get("grants").get(0).get("name").asString()).isEqualTo("accounts");
		assertThat(run.get("grants").get(0).get("status").asString()).isEqualTo("granted");
		assertThat(run.get("actions")).hasSize(4)
			.allSatisfy(action -> assertThat(action.get("outcome").asString()).isEqualTo("applied"));
	}
}
