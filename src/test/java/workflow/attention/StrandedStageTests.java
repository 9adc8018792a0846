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
import platform.admin.DirectoryAdministration;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import workflow.BlockedStage;
import workflow.RunFilter;
import workflow.Runs;
import workflow.Stage;
import workflow.StageStatus;

/**
 * Disabling the last approver who can decide an active stage shows the run blocked, with the
 * reason named, on the needs-attention page, in the blocked filter and in HR's queue within one
 * delivery of the outbox (not at a timer); the confirm page of the disable names the run first,
 * and enabling the approver again makes the stage active again.
 */
@JmlHubIntegrationTest
class StrandedStageTests {

	static final Duration TIMEOUT = Duration.ofSeconds(30);
	/** One round of the outbox dispatcher, with margin; the blocked retry timer is minutes. */
	static final Duration WITHIN_ONE_ROUND = Duration.ofSeconds(10);

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Runs runs;

	@Autowired
	DirectoryAdministration administration;

	@Test
	void disablingTheLastEligibleApproverPutsTheRunOnNeedsAttentionAtOnce() {
		ApiClient api = new ApiClient(port);
		String manager = "strand" + UUID.randomUUID().toString().substring(0, 8);
		assertThat(api.post("ada", "/v1/admin/users", """
				{"username":"%s","displayName":"Stranded Manager","email":"%s@acme.example","roles":["APPROVER"],"password":"demo-password-1"}"""
			.formatted(manager, manager)).statusCode()).isEqualTo(201);
		UUID runId = joinerWaitingOn(manager);
		assertThat(blocked(runId)).isNull();

		assertThat(administration.strandedBy("acme", manager)).anySatisfy(run -> assertThat(run).contains(runId.toString()));
		assertThat(api.post("ada", "/v1/admin/users/" + manager + "/disable", null).statusCode()).isLessThan(300);

		BlockedStage blocked = await().atMost(WITHIN_ONE_ROUND).pollInterval(Duration.ofMillis(200))
			.until(() -> blocked(runId), stage -> stage != null);
		assertThat(blocked.reason()).contains("nobody can decide", manager + " is disabled", "the employee's manager");
		assertThat(managerStage(runId).status()).isEqualTo(StageStatus.BLOCKED);
		assertThat(runs.rows("acme", new RunFilter(null, null, null, null, null, false, true), null, 100).items())
			.anySatisfy(row -> assertThat(row.run().id()).isEqualTo(runId));
		assertThat(runs.hrWork("acme", 500)).anySatisfy(item -> assertThat(item.runId()).isEqualTo(runId));
		// the run page marks whom it waits on as disabled and says why the stage is blocked
		assertThat(ConsoleSession.login(port, "ada").get("/runs/" + runId).body())
			.contains(manager + " (disabled)", "nobody can decide: " + manager + " is disabled");

		assertThat(api.post("ada", "/v1/admin/users/" + manager + "/enable", null).statusCode()).isLessThan(300);
		await().atMost(WITHIN_ONE_ROUND).pollInterval(Duration.ofMillis(200))
			.until(() -> managerStage(runId).status() == StageStatus.ACTIVE);
		assertThat(blocked(runId)).isNull();
		assertThat(managerStage(runId).assignees()).containsExactly(manager);
	}

	UUID joinerWaitingOn(String manager) {
		UUID employeeId = UUID.randomUUID();
		transactions.runInTenant("acme", () -> outbox.publish(new EmployeeHired(employeeId, "Stranded Joiner",
				"stranded-" + employeeId + "@acme.example", "Engineering", manager, LocalDate.of(2030, 1, 15))));
		UUID runId = await().atMost(TIMEOUT)
			.until(() -> runs.rows("acme", new RunFilter(null, null, employeeId, null, null), null, 1).items().stream()
				.findFirst().map(row -> row.run().id()).orElse(null), id -> id != null);
		await().atMost(TIMEOUT).until(() -> managerStage(runId).status() == StageStatus.ACTIVE);
		assertThat(managerStage(runId).assignees()).containsExactly(manager);
		return runId;
	}

	BlockedStage blocked(UUID runId) {
		return runs.attention("acme").blocked().stream().filter(stage -> stage.runId().equals(runId)).findFirst()
			.orElse(null);
	}

	Stage managerStage(UUID runId) {
		return runs.detail("acme", runId).stages().stream().filter(s -> s.name().equals("manager_approval")).findFirst()
			.orElseThrow();
	}
}
