package provisioning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /v1/workflow-runs/{id}} carries the run's {@code effects} as provisioning reports
 * them through workflow's port: in their order, each with grant, target, operation, status,
 * scheduledFor, attempts, lastError and the read-back receipt (null until read back); a run
 * without effects has none, and no console detail (the badge) leaks into the API.
 */
@JmlHubIntegrationTest
class RunEffectsApiTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	JsonMapper json;

	final String changeKey = "api-" + UUID.randomUUID();

	@AfterEach
	void removeTheEffects() {
		transactions.runInTenant("acme", () -> jdbc.sql("DELETE FROM provisioning_effects WHERE change_key = :key")
			.param("key", changeKey).update());
	}

	@Test
	void theRunApiListsTheRunsEffectsWithTheirReceipts() {
		ApiClient api = new ApiClient(port);
		UUID employee = hire(api);
		UUID run = runOf(api, employee);
		JsonNode before = json.readTree(api.get("hana", "/v1/workflow-runs/" + run).body());
		assertThat(before.get("effects").isArray()).isTrue();
		assertThat(before.get("effects").size()).isZero();

		Instant scheduled = Instant.parse("2026-12-01T09:00:00Z");
		insert(run, employee, "ensure", "applied", null, """
				{"target":"api-ldap","dn":"uid=ann,ou=people,dc=acme,dc=demo",
				 "before":{"exists":false,"attributes":{},"groups":[]},
				 "after":{"exists":true,"attributes":{"cn":"Ann"},"groups":["cn=staff,ou=groups,dc=acme,dc=demo"]},
				 "at":"2026-12-01T09:00:01Z","attempt":1}""", scheduled, 1);
		insert(run, employee, "undo", "failed", "The directory refused the bind", null, scheduled.plusSeconds(60), 7);

		HttpResponse<String> answer = api.get("manny", "/v1/workflow-runs/" + run);
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
		JsonNode effects = json.readTree(answer.body()).get("effects");
		assertThat(effects.size()).isEqualTo(2);
		JsonNode ensure = effects.get(0);
		assertThat(ensure.get("grant").asString()).isEqualTo("accounts");
		assertThat(ensure.get("target").asString()).isEqualTo("api-ldap");
		assertThat(ensure.get("operation").asString()).isEqualTo("ensure");
		assertThat(ensure.get("status").asString()).isEqualTo("applied");
		assertThat(Instant.parse(ensure.get("scheduledFor").asString())).isEqualTo(scheduled);
		assertThat(ensure.get("attempts").asInt()).isEqualTo(1);
		assertThat(ensure.has("lastError")).isFalse();
		assertThat(ensure.has("badge")).isFalse();
		JsonNode receipt = ensure.get("receipt");
		assertThat(receipt.get("dn").asString()).isEqualTo("uid=ann,ou=people,dc=acme,dc=demo");
		assertThat(receipt.get("before").get("exists").asBoolean()).isFalse();
		assertThat(receipt.get("after").get("exists").asBoolean()).isTrue();
		assertThat(receipt.get("after").get("groups").get(0).asString()).isEqualTo("cn=staff,ou=groups,dc=acme,dc=demo");
		assertThat(receipt.get("after").get("attributes").get("cn").asString()).isEqualTo("Ann");
		assertThat(receipt.get("attempt").asInt()).isEqualTo(1);

		JsonNode undo = effects.get(1);
		assertThat(undo.get("operation").asString()).isEqualTo("undo");
		assertThat(undo.get("status").asString()).isEqualTo("failed");
		assertThat(undo.get("attempts").asInt()).isEqualTo(7);
		assertThat(undo.get("lastError").asString()).isEqualTo("The directory refused the bind");
		assertThat(undo.has("receipt")).isFalse();
	}

	private UUID hire(ApiClient api) {
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Ann Effects","email":"%s@acme.example","department":"Engineering","manager":"manny","startDate":"%s"}"""
			.formatted(UUID.randomUUID(), LocalDate.now().plusDays(10)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		return UUID.fromString(json.readTree(hired.body()).get("id").asString());
	}

	private UUID runOf(ApiClient api, UUID employee) {
		return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
			JsonNode items = json.readTree(api.get("hana", "/v1/workflow-runs?employeeId=" + employee).body()).get("items");
			return items.isEmpty() ? null : UUID.fromString(items.get(0).get("id").asString());
		}, id -> id != null);
	}

	private void insert(UUID run, UUID employee, String operation, String status, String error, String receipt,
			Instant scheduled, int attempts) {
		transactions.runInTenant("acme", () -> jdbc.sql("""
				INSERT INTO provisioning_effects (id, tenant_id, change_key, run_id, stage_id, grant_label, employee_id,
				  target_key, operation, status, scheduled_for, next_attempt_at, attempts, first_attempt_at, last_error,
				  request, receipt, created_at, settled_at)
				VALUES (:id, 'acme', :key, :run, :stage, 'accounts', :employee, 'api-ldap', :operation, :status, :at, :at,
				  :attempts, :at, :error, CAST('{}' AS jsonb), CAST(:receipt AS jsonb), :at, :at)""")
			.param("id", UUID.randomUUID()).param("key", changeKey).param("run", run).param("stage", UUID.randomUUID())
			.param("employee", employee).param("operation", operation).param("status", status)
			.param("at", Timestamp.from(scheduled)).param("attempts", attempts).param("error", error)
			.param("receipt", receipt)
			.update());
	}
}
