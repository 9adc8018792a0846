package hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/** The HR API end to end: HTTP → service → PostgreSQL + outbox event in the same transaction. */
@JmlHubIntegrationTest
class EmployeeApiTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	ApiClient api() {
		return new ApiClient(port);
	}

	@Test
	void hiringCreatesTheEmployeeAndPublishesTheJoinerEvent() {
		String email = unique("joiner");
		var response = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Jo Iner","email":"%s","department":"Engineering","manager":"manny","startDate":"%s"}"""
			.formatted(email, LocalDate.now().plusDays(30)));
		assertThat(response.statusCode()).isEqualTo(201);
		assertThat(response.body()).contains("\"status\":\"pre_hire\"", "\"manager\":\"manny\"", "\"version\":0");
		String id = ApiClient.field(response.body(), "id");
		assertThat(response.headers().firstValue("Location")).hasValue("/v1/hr/employees/" + id);

		var events = api().get("ada", "/v1/admin/outbox/events?aggregateId=" + id);
		assertThat(events.statusCode()).isEqualTo(200);
		assertThat(events.body()).contains("hr.employee.created");
	}

	@Test
	void invalidInputIs400WithFieldErrorsAndWritesNothing() {
		long before = countEmployees();
		var response = api().post("hana", "/v1/hr/employees", """
				{"displayName":"","email":"not-an-email","department":"Ops"}""");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("\"displayName\"", "\"email\"", "\"startDate\"", "problems/validation");
		assertThat(countEmployees()).isEqualTo(before);
	}

	@Test
	void anUnknownOrNonApproverManagerIs400() {
		long before = countEmployees();
		for (String manager : new String[] { "nobody", "hana", "gus" }) {
			var response = api().post("hana", "/v1/hr/employees", """
					{"displayName":"M Anager","email":"%s","department":"Ops","manager":"%s","startDate":"2031-01-05"}"""
				.formatted(unique("mgr"), manager));
			assertThat(response.statusCode()).as(manager).isEqualTo(400);
			assertThat(response.body()).contains("\"manager\"");
		}
		assertThat(countEmployees()).isEqualTo(before);
	}

	@Test
	void malformedJsonIs400ProblemJson() {
		var response = api().post("hana", "/v1/hr/employees", "{\"displayName\": ");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(response.body()).contains("problems/malformed-request").doesNotContain("Exception");
	}

	@Test
	void transferPublishesTheMoverEventAndChecksTheVersion() {
		String id = hire(unique("mover"), null);
		var stale = api().post("hana", "/v1/hr/employees/" + id + "/transfer",
				"{\"department\":\"Finance\",\"manager\":\"manny\",\"version\":7}");
		assertThat(stale.statusCode()).isEqualTo(409);

		var moved = api().post("hana", "/v1/hr/employees/" + id + "/transfer",
				"{\"department\":\"Finance\",\"manager\":\"manny\",\"version\":0}");
		assertThat(moved.statusCode()).isEqualTo(200);
		assertThat(moved.body()).contains("\"department\":\"Finance\"", "\"version\":1");
		assertThat(api().get("ada", "/v1/admin/outbox/events?aggregateId=" + id).body())
			.contains("hr.employee.transferred");

		var unchanged = api().post("hana", "/v1/hr/employees/" + id + "/transfer",
				"{\"department\":\"Finance\",\"manager\":\"manny\",\"version\":1}");
		assertThat(unchanged.statusCode()).isEqualTo(400);
	}

	@Test
	void offboardingTwiceIsAConflictNotASecondEvent() {
		String id = hire(unique("leaver"), "manny");
		var first = api().post("hana", "/v1/hr/employees/" + id + "/offboard", "{\"lastDay\":\"2026-12-31\",\"version\":0}");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(first.body()).contains("\"status\":\"leaving\"", "\"lastDay\":\"2026-12-31\"");
		var second = api().post("hana", "/v1/hr/employees/" + id + "/offboard", "{\"lastDay\":\"2026-12-31\",\"version\":1}");
		assertThat(second.statusCode()).isEqualTo(409);
		assertThat(second.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		// one event, which the outbox stores once per consumer (workflow's row is the one that starts a run)
		String events = api().get("ada", "/v1/admin/outbox/events?aggregateId=" + id + "&consumer=workflow").body();
		assertThat(events.split("\"eventType\":\"hr.employee.offboarded\"", -1)).hasSize(2);
		assertThat(api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"X\",\"version\":1}")
			.statusCode()).isEqualTo(409);
	}

	@Test
	void anUpdateMustNameItsVersionByIfMatchOrInTheBody() {
		String id = hire(unique("precondition"), "manny");
		var read = api().get("hana", "/v1/hr/employees/" + id);
		assertThat(read.headers().firstValue("ETag")).hasValue("\"0\"");

		var neither = api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"Finance\"}");
		assertThat(neither.statusCode()).as(neither.body()).isEqualTo(428);
		assertThat(neither.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(neither.body()).contains("problems/precondition-required", "If-Match");
		var offboardWithout = api().post("hana", "/v1/hr/employees/" + id + "/offboard", "{\"lastDay\":\"2031-12-31\"}");
		assertThat(offboardWithout.statusCode()).isEqualTo(428);

		var staleETag = api().postIfMatch("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"Finance\"}", "\"5\"");
		assertThat(staleETag.statusCode()).as(staleETag.body()).isEqualTo(412);
		assertThat(staleETag.body()).contains("problems/precondition-failed");
		var staleVersion = api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"Finance\",\"version\":5}");
		assertThat(staleVersion.statusCode()).isEqualTo(409);
		assertThat(staleVersion.body()).contains("problems/stale", "\"version\":");
		var notAnETag = api().postIfMatch("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"Finance\"}", "*");
		assertThat(notAnETag.statusCode()).isEqualTo(400);
		assertThat(notAnETag.body()).contains("\"If-Match\":");
		assertThat(api().get("hana", "/v1/hr/employees/" + id).body()).as("nothing written")
			.contains("\"department\":\"Ops\"", "\"version\":0");
		assertThat(api().get("ada", "/v1/admin/outbox/events?aggregateId=" + id).body()).doesNotContain("hr.employee.transferred");

		var moved = api().postIfMatch("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"Finance\"}", "\"0\"");
		assertThat(moved.statusCode()).as(moved.body()).isEqualTo(200);
		assertThat(moved.headers().firstValue("ETag")).hasValue("\"1\"");
		assertThat(moved.body()).as("a manager left out stays").contains("\"department\":\"Finance\"", "\"manager\":\"manny\"");
	}

	@Test
	void aTransferChangesWhatItSendsAndAnExplicitNullManagerRemovesTheManager() {
		String id = hire(unique("partial"), "manny");
		var managerOnly = api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"manager\":null,\"version\":0}");
		assertThat(managerOnly.statusCode()).as(managerOnly.body()).isEqualTo(200);
		assertThat(managerOnly.body()).contains("\"department\":\"Ops\"", "\"version\":1").doesNotContain("\"manager\"");
		var departmentNull = api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":null,\"version\":1}");
		assertThat(departmentNull.statusCode()).isEqualTo(400);
		assertThat(departmentNull.body()).contains("\"department\":\"cannot be removed");
		var nothing = api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"version\":1}");
		assertThat(nothing.statusCode()).isEqualTo(400);
		assertThat(nothing.body()).contains("\"department\":");
		assertThat(api().get("hana", "/v1/hr/employees/" + id).body()).contains("\"version\":1");
	}

	@Test
	void aStartDateInThePastNeedsTheFlagAndAtMostAYearBack() {
		long before = countEmployees();
		String past = LocalDate.now().minusDays(3).toString();
		var unflagged = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Back Dated","email":"%s","department":"Ops","startDate":"%s"}""".formatted(unique("back"), past));
		assertThat(unflagged.statusCode()).isEqualTo(400);
		assertThat(unflagged.body()).contains("problems/validation", "\"startDate\":\"is in the past", "allowBackdated");
		var tooFar = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Back Dated","email":"%s","department":"Ops","startDate":"%s","allowBackdated":true}"""
			.formatted(unique("back"), LocalDate.now().minusYears(1).minusDays(1)));
		assertThat(tooFar.statusCode()).isEqualTo(400);
		assertThat(tooFar.body()).contains("\"startDate\":\"must be at most a year in the past\"");
		assertThat(countEmployees()).isEqualTo(before);
		var flagged = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Back Dated","email":"%s","department":"Ops","startDate":"%s","allowBackdated":true}"""
			.formatted(unique("back"), past));
		assertThat(flagged.statusCode()).as(flagged.body()).isEqualTo(201);
		// a pre-hire until its joiner run completes, whatever the start date
		assertThat(flagged.body()).contains("\"status\":\"pre_hire\"");
		assertThat(flagged.headers().firstValue("ETag")).hasValue("\"0\"");
	}

	@Test
	void theHireFormRefusesAPastStartDateInlineUnlessItsBoxIsTicked() {
		ConsoleSession hana = ConsoleSession.login(port, "hana");
		String email = unique("form-back");
		String past = LocalDate.now().minusDays(3).toString();
		var refused = hana.post("/hr/employees", Map.of("displayName", "Form Back", "email", email, "department", "Ops",
				"startDate", past));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"startDate-error\"", "is in the past");
		assertThat(countByEmail(email)).isZero();
		var hired = hana.post("/hr/employees", Map.of("displayName", "Form Back", "email", email, "department", "Ops",
				"startDate", past, "allowBackdated", "true"));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(302);
		assertThat(countByEmail(email)).isOne();
	}

	@Test
	void listFiltersSearchesAndPaginatesWithACursor() {
		String tag = UUID.randomUUID().toString().substring(0, 8);
		for (int i = 0; i < 3; i++) {
			api().post("hana", "/v1/hr/employees", """
					{"displayName":"Pag %s %d","email":"%s","department":"Paging","startDate":"%s","allowBackdated":true}"""
				.formatted(tag, i, unique("page"), LocalDate.now().minusDays(10)));
		}
		var first = api().get("hana", "/v1/hr/employees?q=" + tag + "&limit=2&status=pre_hire");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(first.body()).contains("Pag " + tag + " 0", "Pag " + tag + " 1").doesNotContain("Pag " + tag + " 2");
		String cursor = ApiClient.field(first.body(), "nextCursor");
		var second = api().get("hana", "/v1/hr/employees?q=" + tag + "&limit=2&status=pre_hire&cursor=" + cursor);
		assertThat(second.body()).contains("Pag " + tag + " 2").doesNotContain("nextCursor");

		assertThat(api().get("hana", "/v1/hr/employees?status=retired").statusCode()).isEqualTo(400);
		assertThat(api().get("hana", "/v1/hr/employees?cursor=not-a-cursor").statusCode()).isEqualTo(400);
	}

	@Test
	void anotherTenantsEmployeeIsNotFoundAndOnlyHrMayUseTheApi() {
		String id = hire(unique("iso"), null);
		assertThat(api().get("gus", "/v1/hr/employees/" + id).statusCode()).isEqualTo(404);
		assertThat(api().post("gus", "/v1/hr/employees/" + id + "/offboard", "{\"lastDay\":\"2026-12-31\"}").statusCode())
			.isEqualTo(404);
		assertThat(api().get("gus", "/v1/hr/employees?q=iso").body()).doesNotContain(id);
		assertThat(api().get("manny", "/v1/hr/employees").statusCode()).isEqualTo(403);
		assertThat(api().get("hana", "/v1/hr/employees/" + UUID.randomUUID()).statusCode()).isEqualTo(404);
	}

	private String hire(String email, String manager) {
		var response = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Test Person","email":"%s","department":"Ops","manager":%s,"startDate":"%s",\
				"allowBackdated":true}"""
			.formatted(email, manager == null ? "null" : "\"" + manager + "\"", LocalDate.now().minusDays(10)));
		assertThat(response.statusCode()).isEqualTo(201);
		return ApiClient.field(response.body(), "id");
	}

	private long countByEmail(String email) {
		return transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees WHERE email = :email")
			.param("email", email).query(Long.class).single());
	}

	private long countEmployees() {
		return transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees").query(Long.class).single());
	}

	private static String unique(String prefix) {
		return prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.example";
	}
}
