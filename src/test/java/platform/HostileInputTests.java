package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * Text the database cannot store or that is not text at all (NUL, unpaired surrogates, invalid
 * UTF-8) is a 400 naming the field, in bodies, query parameters and forms; nothing is written.
 */
@JmlHubIntegrationTest
class HostileInputTests {

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
	void aNulOrAnUnpairedSurrogateInAJsonFieldIsA400NamingItAndNothingIsWritten() {
		for (String displayName : new String[] { "a\\u0000b", "a\\ud800b", "\\udc00" }) {
			String email = "hostile-" + UUID.randomUUID() + "@acme.example";
			HttpResponse<String> response = api().post("hana", "/v1/hr/employees", """
					{"displayName":"%s","email":"%s","department":"Ops","startDate":"2031-01-01"}"""
				.formatted(displayName, email));
			assertThat(response.statusCode()).as(displayName).isEqualTo(400);
			assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(response.body()).contains("problems/validation", "\"displayName\":\"contains characters");
			assertThat(employeesWith(email)).isZero();
		}
	}

	@Test
	void aBadDateNamesItsField() {
		HttpResponse<String> response = api().post("hana", "/v1/hr/employees", """
				{"displayName":"Date","email":"d@acme.example","department":"Ops","startDate":"2031-13-45"}""");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("\"startDate\":\"is not a date (YYYY-MM-DD)\"");
	}

	@Test
	void invalidUtf8InABodyIsA400() throws Exception {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		body.write("{\"displayName\":\"".getBytes(StandardCharsets.UTF_8));
		body.write(new byte[] { (byte) 0xFF, (byte) 0xFE });
		body.write("\",\"email\":\"u@acme.example\",\"department\":\"Ops\",\"startDate\":\"2031-01-01\"}"
			.getBytes(StandardCharsets.UTF_8));
		HttpResponse<String> response = api().postBytes("hana", "/v1/hr/employees", body.toByteArray());
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(employeesWith("u@acme.example")).isZero();
	}

	@Test
	void aNulOrInvalidUtf8InAQueryParameterIsA400NamingIt() {
		for (String path : new String[] { "/v1/hr/employees?q=%00", "/v1/hr/employees?q=%FF",
				"/v1/workflow-runs?q=a%00", "/v1/hr/employees?cursor=%FF" }) {
			HttpResponse<String> response = api().get("hana", path);
			assertThat(response.statusCode()).as(path).isEqualTo(400);
			assertThat(response.headers().firstValue("Content-Type")).as(path).hasValue("application/problem+json");
		}
		HttpResponse<String> search = api().get("ada", "/v1/admin/outbox/events?idempotencyKey=%00");
		assertThat(search.statusCode()).isEqualTo(400);
		assertThat(search.body()).contains("\"idempotencyKey\"");
		HttpResponse<String> bulk = api().post("ada", "/v1/admin/outbox/dead-letters/retry", "{\"errorClass\":\"x\\u0000\"}");
		assertThat(bulk.statusCode()).isEqualTo(400);
		assertThat(bulk.body()).contains("\"errorClass\"");
	}

	@Test
	void theHireFormReRendersWithTheFieldErrorAndWritesNothing() {
		String email = "form-hostile-" + UUID.randomUUID() + "@acme.example";
		ConsoleSession hana = ConsoleSession.login(port, "hana");
		HttpResponse<String> response = hana.post("/hr/employees", Map.of("displayName", "Nul\0Name", "email", email,
				"department", "Ops", "startDate", "2031-01-01"));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("id=\"hire-form\"", "is-invalid", "contains characters that are not allowed");
		assertThat(employeesWith(email)).isZero();
	}

	private long employeesWith(String email) {
		return transactions.readInTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees WHERE email = :email")
			.param("email", email).query(Long.class).single());
	}
}
