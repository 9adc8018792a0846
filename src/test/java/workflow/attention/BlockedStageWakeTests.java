package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import workflow.StageStatus;
import workflow.WorkflowProperties;
import workflow.testing.AcmeJoiners;

/**
 * A stage blocked for lack of approvers moves within seconds of its group being fixed (the
 * change signals the blocked stages through the outbox), not at its timer (a minute at first,
 * up to an hour later).
 */
@JmlHubIntegrationTest
@ExtendWith(AcmeJoiners.Resolver.class)
class BlockedStageWakeTests {
	/** Well under the first timer of a blocked stage. */
	static final Duration WAKES_WITHIN = Duration.ofSeconds(15);

	@LocalServerPort
	int port;

	@Autowired
	WorkflowProperties properties;

	@Test
	void aStageBlockedForLackOfApproversMovesWithinSecondsOfItsGroupBeingFixed(AcmeJoiners acme) {
		assertThat(properties.engine().blockedRetryInitial()).isGreaterThan(WAKES_WITHIN.multipliedBy(2));
		ApiClient api = new ApiClient(port);
		// security needs two approvers: with sam out of the group it has one
		assertThat(api.send("ada", "DELETE", "/v1/admin/groups/security/members/sam", null).statusCode()).isLessThan(300);
		try {
			UUID runId = acme.atManagerApproval("Blocked Wake", "manny");
			acme.approve(api, "manny", runId, "manager_approval");
			acme.awaitActive(runId, "it_access");
			acme.approve(api, "ivan", runId, "it_access");
			await().atMost(AcmeJoiners.TIMEOUT).until(() -> acme.status(runId, "security_approval") == StageStatus.BLOCKED);

			assertThat(api.send("ada", "PUT", "/v1/admin/groups/security/members/sam", null).statusCode()).isLessThan(300);

			await().atMost(WAKES_WITHIN).pollInterval(Duration.ofMillis(200))
				.until(() -> acme.active(runId, "security_approval"));
		}
		finally {
			api.send("ada", "PUT", "/v1/admin/groups/security/members/sam", null);
		}
	}
}
