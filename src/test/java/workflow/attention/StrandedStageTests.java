package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.admin.DirectoryAdministration;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import workflow.BlockedStage;
import workflow.RunFilter;
import workflow.Runs;
import workflow.StageStatus;
import workflow.testing.AcmeJoiners;

/**
 * Disabling the last approver who can decide an active stage shows the run blocked, with the
 * reason named (people by their display names), on the needs-attention page, in the blocked filter
 * and in HR's queue within one delivery of the outbox (not at a timer); the confirm page of the
 * disable names the run first, and enabling the approver again makes the stage active again. A
 * change re-evaluates only the stages that name whom it concerns: another approver's stage is left
 * as it is.
 */
@JmlHubIntegrationTest
@ExtendWith(AcmeJoiners.Resolver.class)
class StrandedStageTests {

	/** One round of the outbox dispatcher, with margin; the blocked retry timer is minutes. */
	static final Duration WITHIN_ONE_ROUND = Duration.ofSeconds(10);

	@LocalServerPort
	int port;

	@Autowired
	Runs runs;

	@Autowired
	DirectoryAdministration administration;

	@Autowired
	StrandedStages stranded;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void disablingTheLastEligibleApproverPutsTheRunOnNeedsAttentionAtOnce(AcmeJoiners acme) {
		ApiClient api = new ApiClient(port);
		String manager = approver(api, "Stranded Manager");
		UUID runId = acme.atManagerApproval("Stranded Joiner", manager);
		assertThat(acme.stage(runId, "manager_approval").assignees()).containsExactly(manager);
		assertThat(blocked(runId)).isNull();

		assertThat(administration.strandedBy("acme", manager)).anySatisfy(stranded -> {
			assertThat(stranded.text()).contains("run of Stranded Joiner", "stage");
			assertThat(stranded.path()).isEqualTo("/runs/" + runId);
		});
		// the confirm page links the run it would strand
		assertThat(ConsoleSession.login(port, "ada").get("/admin/users/" + manager + "/disable").body())
			.contains("href=\"/runs/" + runId + "\"", "run of Stranded Joiner");
		assertThat(api.post("ada", "/v1/admin/users/" + manager + "/disable", null).statusCode()).isLessThan(300);

		BlockedStage blocked = await().atMost(WITHIN_ONE_ROUND).pollInterval(Duration.ofMillis(200))
			.until(() -> blocked(runId), stage -> stage != null);
		// the reason names people as the console does, by their display names
		assertThat(blocked.reason()).contains("nobody can decide", "Stranded Manager is disabled", "the employee's manager")
			.doesNotContain(manager);
		assertThat(acme.status(runId, "manager_approval")).isEqualTo(StageStatus.BLOCKED);
		assertThat(runs.rows("acme", new RunFilter(null, null, null, null, null, false, true), null, 100).items())
			.anySatisfy(row -> assertThat(row.run().id()).isEqualTo(runId));
		assertThat(runs.hrWork("acme", 500)).anySatisfy(item -> assertThat(item.runId()).isEqualTo(runId));
		// the run page marks whom it waits on as disabled and says why the stage is blocked
		assertThat(ConsoleSession.login(port, "ada").get("/runs/" + runId).body())
			.contains(manager + " (disabled)", "nobody can decide: Stranded Manager is disabled");

		assertThat(api.post("ada", "/v1/admin/users/" + manager + "/enable", null).statusCode()).isLessThan(300);
		await().atMost(WITHIN_ONE_ROUND).pollInterval(Duration.ofMillis(200))
			.until(() -> acme.active(runId, "manager_approval"));
		assertThat(blocked(runId)).isNull();
		assertThat(acme.stage(runId, "manager_approval").assignees()).containsExactly(manager);
	}

	@Test
	void aChangeOfOneApproverLeavesTheStagesOfOthersAsTheyAre(AcmeJoiners acme) {
		ApiClient api = new ApiClient(port);
		String changed = approver(api, "Changed Manager");
		String unrelated = approver(api, "Unrelated Manager");
		UUID changedRun = acme.atManagerApproval("Changed Joiner", changed);
		UUID unrelatedRun = acme.atManagerApproval("Unrelated Joiner", unrelated);
		// disabled behind the administration's back: no change announces it, so only an evaluation finds it
		setEnabled(unrelated, false);
		try {
			assertThat(api.post("ada", "/v1/admin/users/" + changed + "/disable", null).statusCode()).isLessThan(300);
			await().atMost(WITHIN_ONE_ROUND).pollInterval(Duration.ofMillis(200)).until(() -> blocked(changedRun) != null);

			assertThat(acme.status(unrelatedRun, "manager_approval")).as("a stage the change does not name is not evaluated")
				.isEqualTo(StageStatus.ACTIVE);
			assertThat(blocked(unrelatedRun)).isNull();
			// evaluated, it would have been blocked: the change left it alone
			assertThat(transactions.inTenant("acme", () -> stranded.reevaluate("test", List.of(unrelated), List.of())))
				.isEqualTo(1);
			assertThat(blocked(unrelatedRun).reason()).contains("Unrelated Manager is disabled");
		}
		finally {
			setEnabled(unrelated, true);
		}
	}

	String approver(ApiClient api, String displayName) {
		String username = "strand" + UUID.randomUUID().toString().substring(0, 8);
		assertThat(api.post("ada", "/v1/admin/users", """
				{"username":"%s","displayName":"%s","email":"%s@acme.example","roles":["APPROVER"],"password":"demo-password-1"}"""
			.formatted(username, displayName, username)).statusCode()).isEqualTo(201);
		return username;
	}

	void setEnabled(String username, boolean enabled) {
		transactions.runInTenant("acme", () -> jdbc.sql("UPDATE app_users SET enabled = :enabled WHERE username = :username")
			.param("enabled", enabled)
			.param("username", username)
			.update());
	}

	BlockedStage blocked(UUID runId) {
		return runs.attention("acme").blocked().stream().filter(stage -> stage.runId().equals(runId)).findFirst()
			.orElse(null);
	}
}
