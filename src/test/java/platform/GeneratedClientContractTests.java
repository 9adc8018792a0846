package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import com.fasterxml.jackson.databind.DeserializationFeature;

import jmlhub.client.ApiClient;
import jmlhub.client.ApiException;
import jmlhub.client.ApiResponse;
import jmlhub.client.api.AdminApiTokensApi;
import jmlhub.client.api.HrEmployeesApi;
import jmlhub.client.api.WorkflowRunsApi;
import jmlhub.client.model.Action;
import jmlhub.client.model.ActionBody;
import jmlhub.client.model.CreateApiToken;
import jmlhub.client.model.Employee;
import jmlhub.client.model.Hire;
import jmlhub.client.model.RunRow;
import jmlhub.client.model.RunView;
import jmlhub.client.model.Stage;
import jmlhub.client.model.Transfer;
import platform.testing.JmlHubIntegrationTest;

/**
 * An integrator's view: a Java client generated (openapi-generator, {@code java}/{@code native}) from
 * the snapshot of the served document that {@link OpenApiSnapshotTests} keeps identical to what the
 * server serves, and nothing else, hires a joiner with an API token and approves every stage of its
 * run as the people assigned to it (HTTP Basic) until the run completes. The client's JSON mapper
 * refuses fields the document does not declare, so an answer that says more than the document
 * fails here too.
 */
@JmlHubIntegrationTest
class GeneratedClientContractTests {

	static final Duration TIMEOUT = Duration.ofSeconds(60);

	@LocalServerPort
	int port;

	ApiClient client(String authorization) {
		ApiClient client = new ApiClient();
		client.updateBaseUri("http://localhost:" + port);
		client.setObjectMapper(client.getObjectMapper().copy().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
		client.setRequestInterceptor(request -> request.header("Authorization", authorization));
		return client;
	}

	ApiClient person(String username) {
		return client("Basic " + Base64.getEncoder().encodeToString((username + ":demo").getBytes(StandardCharsets.UTF_8)));
	}

	@Test
	void aGeneratedClientHiresAJoinerAndApprovesEveryStageUntilTheRunCompletes() throws ApiException {
		String token = new AdminApiTokensApi(person("ada")).apiTokenCreate(new CreateApiToken()
			.name("contract-" + UUID.randomUUID().toString().substring(0, 8))
			.roles(List.of("HR"))
			.expiresAt(OffsetDateTime.now().plusDays(1))).getToken();
		HrEmployeesApi hr = new HrEmployeesApi(client("Bearer " + token));

		String email = "contract-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.example";
		Employee hired = hr.employeeHire(new Hire().displayName("Con Tract").email(email).department("Engineering")
			.manager("manny").startDate(LocalDate.now().plusDays(30)));
		assertThat(hired.getStatus()).isEqualTo(Employee.StatusEnum.PRE_HIRE);
		assertThat(hired.getManager()).isEqualTo("manny");

		WorkflowRunsApi asHr = new WorkflowRunsApi(person("hana"));
		AtomicReference<UUID> runId = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			List<RunRow> runs = asHr.runList(null, null, hired.getId(), null, false, false, false, null, 10).getItems();
			assertThat(runs).hasSize(1);
			runId.set(runs.get(0).getId());
		});

		int decided = 0;
		boolean first = true;
		while (true) {
			RunView run = awaitDecidableOrFinished(asHr, runId.get());
			if (run.getStatus() != RunView.StatusEnum.RUNNING) {
				assertThat(run.getStatus()).as("%s", run).isEqualTo(RunView.StatusEnum.COMPLETED);
				break;
			}
			Stage stage = current(run);
			int needed = stage.getRequiredApprovals() - stage.getApprovals();
			for (String approver : stage.getAssignees().subList(0, needed)) {
				WorkflowRunsApi runs = new WorkflowRunsApi(person(approver));
				assertThat(runs.runDetail(run.getId()).getAllowedActions()).as(approver + " on " + stage.getName())
					.contains(RunView.AllowedActionsEnum.APPROVE);
				if (first) {
					// a decision that does not name its stage is refused: nobody decides a stage they have not seen
					assertThatThrownBy(() -> runs.runAct(run.getId(), "approve", UUID.randomUUID().toString(), null))
						.isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getCode()).isEqualTo(400));
					first = false;
				}
				Action action = runs.runAct(run.getId(), "approve", UUID.randomUUID().toString(),
						new ActionBody().stageId(stage.getId()));
				assertThat(action.getStageId()).isEqualTo(stage.getId());
				assertThat(action.getActor()).isEqualTo(approver);
				decided++;
			}
			awaitStageDecided(asHr, run.getId(), stage.getId());
		}
		assertThat(decided).as("a manager, IT and two security approvals").isGreaterThanOrEqualTo(3);

		ApiResponse<Employee> read = hr.employeeGetWithHttpInfo(hired.getId());
		String etag = header(read.getHeaders(), "ETag");
		assertThat(etag).isEqualTo("\"" + read.getData().getVersion() + "\"");
		ApiResponse<Employee> moved = hr.employeeTransferWithHttpInfo(hired.getId(), new Transfer().department("Sales"), etag);
		assertThat(moved.getData().getDepartment()).isEqualTo("Sales");
		assertThat(moved.getData().getManager()).as("left out: unchanged").isEqualTo("manny");
		assertThat(header(moved.getHeaders(), "ETag")).isEqualTo("\"" + moved.getData().getVersion() + "\"");
		try {
			hr.employeeTransfer(hired.getId(), new Transfer().department("Legal"), etag);
			throw new AssertionError("a stale If-Match was accepted");
		}
		catch (ApiException stale) {
			assertThat(stale.getCode()).isEqualTo(412);
			assertThat(stale.getResponseBody()).contains("https://jmlhub.dev/problems/precondition-failed");
		}
	}

	/** The run once its current stage is active with the decisions it needs open, or once it is no longer running. */
	private static RunView awaitDecidableOrFinished(WorkflowRunsApi runs, UUID runId) {
		AtomicReference<RunView> seen = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			RunView run = runs.runDetail(runId);
			seen.set(run);
			if (run.getStatus() == RunView.StatusEnum.RUNNING) {
				assertThat(run.getCurrentStageId()).as("%s", run).isNotNull();
				assertThat(current(run).getStatus()).as("%s", run).isEqualTo(Stage.StatusEnum.ACTIVE);
			}
			else {
				assertThat(run.getStatus()).as("%s", run).isNotIn(RunView.StatusEnum.REQUESTED);
			}
		});
		return seen.get();
	}

	private static void awaitStageDecided(WorkflowRunsApi runs, UUID runId, UUID stageId) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			RunView run = runs.runDetail(runId);
			Stage stage = run.getStages().stream().filter(s -> s.getId().equals(stageId)).findFirst().orElseThrow();
			assertThat(stage.getStatus()).as("%s", run).isNotEqualTo(Stage.StatusEnum.ACTIVE);
		});
	}

	private static Stage current(RunView run) {
		return run.getStages().stream().filter(stage -> stage.getId().equals(run.getCurrentStageId())).findFirst()
			.orElseThrow(() -> new AssertionError("no current stage in " + run));
	}

	private static String header(Map<String, List<String>> headers, String name) {
		return headers.entrySet().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
			.map(header -> header.getValue().get(0)).findFirst().orElseThrow(() -> new AssertionError("no " + name));
	}
}
