package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import workflow.Run;
import workflow.RunFilter;
import workflow.Runs;
import workflow.StageStatus;
import workflow.WorkflowProperties;

/**
 * A stage blocked for lack of approvers moves within seconds of its group being fixed (the
 * change signals the blocked stages through the outbox), not at its timer (a minute at first,
 * up to an hour later).
 */
@JmlHubIntegrationTest
class BlockedStageWakeTests {

	static final Duration TIMEOUT = Duration.ofSeconds(30);
	/** Well under the first timer of a blocked stage. */
	static final Duration WAKES_WITHIN = Duration.ofSeconds(15);

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Runs runs;

	@Autowired
	WorkflowProperties properties;

	@Test
	void aStageBlockedForLackOfApproversMovesWithinSecondsOfItsGroupBeingFixed() {
		assertThat(properties.engine().blockedRetryInitial()).isGreaterThan(WAKES_WITHIN.multipliedBy(2));
		ApiClient api = new ApiClient(port);
		// security needs two approvers: with sam out of the group it has one
		assertThat(api.send("ada", "DELETE", "/v1/admin/groups/security/members/sam", null).statusCode()).isLessThan(300);
		try {
			UUID runId = joinerAtSecurity(api);
			await().atMost(TIMEOUT).until(() -> stage(runId, "security_approval") == StageStatus.BLOCKED);

			assertThat(api.send("ada", "PUT", "/v1/admin/groups/security/members/sam", null).statusCode()).isLessThan(300);

			await().atMost(WAKES_WITHIN).pollInterval(Duration.ofMillis(200))
				.until(() -> stage(runId, "security_approval") == StageStatus.ACTIVE);
		}
		finally {
			api.send("ada", "PUT", "/v1/admin/groups/security/members/sam", null);
		}
	}

	UUID joinerAtSecurity(ApiClient api) {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant("acme", () -> outbox.publish(new EmployeeHired(employeeId, "Blocked Wake",
				"wake-" + employeeId + "@acme.example", "Engineering", "manny", LocalDate.of(2030, 1, 15))));
		UUID runId = await().atMost(TIMEOUT)
			.until(() -> runs.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
				.findFirst().map(row -> row.run().id()).orElse(null), id -> id != null);
		await().atMost(TIMEOUT).until(() -> stage(runId, "manager_approval") == StageStatus.ACTIVE);
		approve(api, "manny", runId, "manager_approval");
		await().atMost(TIMEOUT).until(() -> stage(runId, "it_access") == StageStatus.ACTIVE);
		approve(api, "ivan", runId, "it_access");
		return runId;
	}

	void approve(ApiClient api, String user, UUID runId, String stage) {
		String stageId = runs.detail("acme", runId).stages().stream().filter(s -> s.name().equals(stage)).findFirst()
			.orElseThrow().id().toString();
		assertThat(api.post(user, "/v1/workflow-runs/" + runId + "/approve", "{\"stageId\":\"" + stageId + "\"}",
				UUID.randomUUID().toString()).statusCode()).isEqualTo(202);
	}

	StageStatus stage(UUID runId, String name) {
		return runs.detail("acme", runId).stages().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow()
			.status();
	}
}
