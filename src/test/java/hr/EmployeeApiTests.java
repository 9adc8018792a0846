package hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
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
					{"displayName":"M Anager","email":"%s","department":"Ops","manager":"%s","startDate":"2026-01-05"}"""
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
				"{\"department\":\"Finance\",\"manager\":\"manny\"}");
		assertThat(unchanged.statusCode()).isEqualTo(400);
	}

	@Test
	void offboardingTwiceIsAConflictNotASecondEvent() {
		String id = hire(unique("leaver"), "manny");
		var first = api().post("hana", "/v1/hr/employees/" + id + "/offboard", "{\"lastDay\":\"2026-12-31\"}");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(first.body()).contains("\"status\":\"leaving\"", "\"lastDay\":\"2026-12-31\"");
		var second = api().post("hana", "/v1/hr/employees/" + id + "/offboard", "{\"lastDay\":\"2026-12-31\"}");
		assertThat(second.statusCode()).isEqualTo(409);
		assertThat(second.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		String events = api().get("ada", "/v1/admin/outbox/events?aggregateId=" + id).body();
		assertThat(events.split("\"eventType\":\"hr.employee.offboarded\"", -1)).hasSize(2);
		assertThat(api().post("hana", "/v1/hr/employees/" + id + "/transfer", "{\"department\":\"X\"}").statusCode())
			.isEqualTo(409);
	}

	@Test
	void listFiltersSearchesAndPaginatesWithACursor() {
		String tag = UUID.randomUUID().toString().substring(0, 8);
		for (int i = 0; i < 3; i++) {
			api().post("hana", "/v1/hr/employees", """
					{"displayName":"Pag %s %d","email":"%s","department":"Paging","startDate":"2025-01-01"}"""
				.formatted(tag, i, unique("page")));
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
				{"displayName":"Test Person","email":"%s","department":"Ops","manager":%s,"startDate":"2025-01-01"}"""
			.formatted(email, manager == null ? "null" : "\"" + manager + "\""));
		assertThat(response.statusCode()).isEqualTo(201);
		return ApiClient.field(response.body(), "id");
	}

	private long countEmployees() {
		return transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees").query(Long.class).single());
	}

	private static String unique(String prefix) {
		return prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.example";
	}
}
