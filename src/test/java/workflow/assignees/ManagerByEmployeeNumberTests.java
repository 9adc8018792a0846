package workflow.assignees;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import workflow.Stage;
import workflow.testing.AcmeJoiners;

/**
 * A manager named by employee number: the stage of the employee's manager goes to the user with the
 * manager's work email; when the manager has no user, to group managers, and the stage (and the run
 * page) says why.
 */
@JmlHubIntegrationTest
@ExtendWith(AcmeJoiners.Resolver.class)
class ManagerByEmployeeNumberTests {

	@LocalServerPort
	int port;

	@Test
	void theManagersStageGoesToTheUserWithTheManagersEmailElseToGroupManagersSayingWhy(AcmeJoiners acme) {
		ApiClient api = new ApiClient(port);
		String tag = UUID.randomUUID().toString().substring(0, 8);
		// a manager who has a user (same email, in another case) and one who has none
		String username = "lead" + tag;
		assertThat(api.post("ada", "/v1/admin/users", """
				{"username":"%s","displayName":"Lead %s","email":"Lead-%s@Acme.example","roles":["APPROVER"],"password":"demo-password-1"}"""
			.formatted(username, tag, tag)).statusCode()).isEqualTo(201);
		hire(api, "M-" + tag, "lead-" + tag + "@acme.example");
		hire(api, "N-" + tag, "nouser-" + tag + "@acme.example");

		UUID linked = acme.atManagerApproval("Linked Report " + tag, "M-" + tag);
		Stage withUser = acme.stage(linked, "manager_approval");
		assertThat(withUser.assignees()).containsExactly(username);
		assertThat(withUser.notice()).isNull();

		UUID unlinked = acme.atManagerApproval("Unlinked Report " + tag, "N-" + tag);
		Stage fallback = acme.stage(unlinked, "manager_approval");
		assertThat(fallback.assignees()).isNotEmpty().doesNotContain(username);
		assertThat(fallback.notice()).contains("N-" + tag, "has no user account", "group managers");
		assertThat(ConsoleSession.login(port, "ada").get("/runs/" + unlinked).body())
			.contains("manager fallback", "has no user account");
	}

	private static void hire(ApiClient api, String number, String email) {
		var response = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Manager %s","email":"%s","department":"Ops","startDate":"2031-01-05","employeeNumber":"%s"}"""
			.formatted(number, email, number));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
	}
}
