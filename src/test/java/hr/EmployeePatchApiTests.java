package hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;

/**
 * PATCH of an employee's HR attributes over HTTP: a JSON merge patch with If-Match, by id and by
 * employee number; the change history it leaves; and the employee number's uniqueness on hire.
 */
@JmlHubIntegrationTest
class EmployeePatchApiTests {

	static final String MERGE_PATCH = "application/merge-patch+json";

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
	void aMergePatchChangesWhatItNamesEmptiesWhatIsNullAndRecordsTheHistory() {
		String number = number();
		String id = hire(number, "manny", "\"title\":\"Clerk\",\"location\":\"Lisbon\",");
		var patched = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, """
				{"department":"Legal","title":null,"costCentre":"CC-42","lastDay":"2031-12-31"}""", "\"0\"");
		assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
		assertThat(patched.headers().firstValue("ETag")).hasValue("\"1\"");
		assertThat(patched.body()).contains("\"department\":\"Legal\"", "\"costCentre\":\"CC-42\"",
				"\"location\":\"Lisbon\"", "\"manager\":\"manny\"", "\"lastDay\":\"2031-12-31\"", "\"employeeNumber\":\"" + number + "\"")
			.doesNotContain("\"title\"");

		var history = api().get("hana", "/v1/hr/employees/" + id + "/changes");
		assertThat(history.statusCode()).isEqualTo(200);
		assertThat(history.body()).contains("\"version\":1", "\"source\":\"api\"", "\"actor\":\"hana\"",
				"\"department\":{\"from\":\"Ops\",\"to\":\"Legal\"}", "\"title\":{\"from\":\"Clerk\",\"to\":null}",
				"\"version\":0");
		// one event for the change, naming its source and fields; no mover run asked for
		String events = api().get("ada", "/v1/admin/outbox/events?aggregateId=" + id + "&consumer=workflow").body();
		assertThat(events.split("\"eventType\":\"hr.employee.updated\"", -1)).hasSize(2);
		assertThat(events).doesNotContain("hr.employee.transferred");
		assertThat(api().get("hana", "/v1/hr/employees/" + id + "/runs").body()).doesNotContain("\"mover\"");

		// the same patch again changes nothing: same version, no second history row
		var again = api().patch("hana", "/v1/hr/employees/" + id, "application/json", """
				{"department":"Legal"}""", "\"1\"");
		assertThat(again.statusCode()).isEqualTo(200);
		assertThat(again.headers().firstValue("ETag")).hasValue("\"1\"");
		assertThat(historyRows(id)).isEqualTo(2);
	}

	@Test
	void aPatchNeedsIfMatchAndAStaleOneWritesNothing() {
		String id = hire(number(), "manny", "");
		var without = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, "{\"department\":\"Legal\"}", null);
		assertThat(without.statusCode()).as(without.body()).isEqualTo(428);
		assertThat(without.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(without.body()).contains("problems/precondition-required", "If-Match");

		var stale = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, "{\"department\":\"Legal\"}", "\"7\"");
		assertThat(stale.statusCode()).as(stale.body()).isEqualTo(412);
		assertThat(stale.body()).contains("problems/precondition-failed");
		assertThat(api().get("hana", "/v1/hr/employees/" + id).body()).contains("\"department\":\"Ops\"", "\"version\":0");
		assertThat(historyRows(id)).isEqualTo(1);
	}

	@Test
	void badMembersAre400NamingEachAndWriteNothing() {
		String id = hire(number(), "manny", "");
		var bad = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, """
				{"status":"left","department":null,"startDate":"soon","title":42,"displayName":"Ok"}""", "\"0\"");
		assertThat(bad.statusCode()).as(bad.body()).isEqualTo(400);
		assertThat(bad.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(bad.body()).contains("\"status\":", "\"department\":", "\"startDate\":", "\"title\":")
			.doesNotContain("\"displayName\":");
		var unknownManager = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, "{\"manager\":\"nobody\"}", "\"0\"");
		assertThat(unknownManager.statusCode()).isEqualTo(400);
		assertThat(unknownManager.body()).contains("\"manager\":");
		var beforeStart = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, "{\"lastDay\":\"2030-01-01\"}", "\"0\"");
		assertThat(beforeStart.statusCode()).isEqualTo(400);
		assertThat(beforeStart.body()).contains("\"lastDay\":");
		var notAnObject = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, "[1]", "\"0\"");
		assertThat(notAnObject.statusCode()).isEqualTo(400);
		assertThat(api().get("hana", "/v1/hr/employees/" + id).body()).contains("\"version\":0", "\"displayName\":\"Pat Ch\"");
		assertThat(historyRows(id)).isEqualTo(1);
	}

	/** The checks against the data name every field too, not only the first that fails (found in a production walk). */
	@Test
	void anUnknownManagerABadEmailAndALastDayBeforeTheStartAreNamedInOne400() {
		String id = hire(number(), "manny", "");
		var bad = api().patch("hana", "/v1/hr/employees/" + id, MERGE_PATCH, """
				{"manager":"nobody","email":"not-an-email","lastDay":"2030-01-01","title":"Fine"}""", "\"0\"");
		assertThat(bad.statusCode()).as(bad.body()).isEqualTo(400);
		String errors = bad.body().substring(bad.body().indexOf("\"errors\""));
		assertThat(errors).contains("\"manager\":", "\"email\":", "\"lastDay\":").doesNotContain("\"title\":");
		assertThat(api().get("hana", "/v1/hr/employees/" + id).body()).contains("\"version\":0");
		assertThat(historyRows(id)).isEqualTo(1);
	}

	@Test
	void byNumberPatchesThatEmployeeAndAManagerMayBeAnEmployeeNumber() {
		String boss = number();
		hire(boss, null, "");
		String number = number();
		String id = hire(number, "manny", "");
		var patched = api().patch("hana", "/v1/hr/employees/by-number/" + number, MERGE_PATCH,
				"{\"manager\":\"" + boss + "\",\"location\":\"Porto\"}", "\"0\"");
		assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
		assertThat(patched.body()).contains("\"id\":\"" + id + "\"", "\"manager\":\"" + boss + "\"", "\"location\":\"Porto\"");
		assertThat(api().get("hana", "/v1/hr/employees/by-number/" + number).headers().firstValue("ETag")).hasValue("\"1\"");
		var self = api().patch("hana", "/v1/hr/employees/by-number/" + number, MERGE_PATCH,
				"{\"manager\":\"" + number + "\"}", "\"1\"");
		assertThat(self.statusCode()).isEqualTo(400);
		var missing = api().patch("hana", "/v1/hr/employees/by-number/NO-SUCH-" + number, MERGE_PATCH, "{\"location\":\"x\"}", "\"0\"");
		assertThat(missing.statusCode()).isEqualTo(404);
		var taken = api().patch("hana", "/v1/hr/employees/by-number/" + number, MERGE_PATCH,
				"{\"employeeNumber\":\"" + boss + "\"}", "\"1\"");
		assertThat(taken.statusCode()).as(taken.body()).isEqualTo(409);
		// an approver only reads
		assertThat(api().patch("manny", "/v1/hr/employees/" + id, MERGE_PATCH, "{\"location\":\"x\"}", "\"1\"").statusCode())
			.isEqualTo(403);
	}

	@Test
	void aHireWithATakenEmployeeNumberIs409AndWritesNothing() {
		String number = number();
		hire(number, "manny", "");
		var second = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Du Plicate","email":"%s","department":"Ops","startDate":"2031-01-05","employeeNumber":"%s"}"""
			.formatted(email(), number));
		assertThat(second.statusCode()).as(second.body()).isEqualTo(409);
		assertThat(second.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees WHERE employee_number = :n")
			.param("n", number).query(Long.class).single())).isEqualTo(1);
	}

	private String hire(String number, String manager, String extra) {
		var response = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Pat Ch","email":"%s","department":"Ops",%s"startDate":"2031-01-05",%s"employeeNumber":"%s"}"""
			.formatted(email(), manager == null ? "" : "\"manager\":\"" + manager + "\",", extra, number));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		return ApiClient.field(response.body(), "id");
	}

	private long historyRows(String id) {
		return transactions.inTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employee_changes WHERE employee_id = :id")
			.param("id", UUID.fromString(id)).query(Long.class).single());
	}

	private static String number() {
		return "E" + UUID.randomUUID().toString().substring(0, 8);
	}

	private static String email() {
		return "patch-" + UUID.randomUUID().toString().substring(0, 8) + "@acme.example";
	}
}
