package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.PermanentFailureException;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.OwnerDatabase;
import outbox.testing.TestEvents;

/** Outbox metrics on /metrics and the dispatch checks in the readiness group. */
@OutboxModuleTest
class ObservabilityTests {

	@LocalManagementPort
	int managementPort;

	@Autowired
	HealthEndpointGroups groups;

	@Autowired
	HealthIndicator outboxDispatchHealthIndicator;

	@Autowired
	HealthIndicator outboxListenHealthIndicator;

	@Autowired
	DispatchMetrics metrics;

	@Autowired
	HandlerScript script;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TestEvents events;

	@Autowired
	Environment environment;

	@Test
	void dispatchOutcomesBacklogAndLatencyAreOnTheMetricsEndpoint() throws Exception {
		String tenant = TestEvents.newTenant("metrics");
		script.when(tenant, "dead", event -> {
			throw new PermanentFailureException("no such account");
		});
		events.publish(tenant, EmployeeHired.TYPE, "ok");
		events.publish(tenant, EmployeeHired.TYPE, "dead");
		await().atMost(Duration.ofSeconds(10)).until(() -> events.status(tenant, "ok").equals("delivered")
				&& events.status(tenant, "dead").equals("failed"));

		String scrape = get("/metrics");
		assertThat(scrape).containsPattern(
				"outbox_dispatch_total\\{[^}]*event_type=\"hr.employee.created\"[^}]*outcome=\"succeeded\"[^}]*} [1-9]");
		assertThat(scrape).containsPattern(
				"outbox_dispatch_total\\{[^}]*event_type=\"hr.employee.created\"[^}]*outcome=\"dead_lettered\"[^}]*} [1-9]");
		assertThat(scrape).contains("outbox_dispatch_total{application=\"jml-hub\",event_type=\"workflow.stage.reminder_due\",outcome=\"stale\"}");
		assertThat(scrape).containsPattern("outbox_commit_to_handled_seconds_bucket\\{[^}]*le=\"");
		assertThat(scrape).containsPattern("outbox_backlog\\{[^}]*} [1-9]");

		long expected = OwnerDatabase.with(environment, owner -> owner
			.sql("SELECT count(*) FROM outbox_events WHERE status IN ('pending', 'failed')").query(Long.class).single());
		assertThat(metrics.backlog()).isEqualTo((double) expected);
	}

	@Test
	void theDispatchQueueAndListenChecksAreReadinessChecks() throws Exception {
		assertThat(groups.get("readiness").isMember("outboxDispatch")).isTrue();
		assertThat(groups.get("readiness").isMember("outboxListen")).isTrue();
		assertThat(outboxDispatchHealthIndicator.health().getStatus()).isEqualTo(Status.UP);
		assertThat(outboxListenHealthIndicator.health().getStatus()).isEqualTo(Status.UP);
		assertThat(get("/readyz")).contains("\"status\":\"UP\"");
	}

	private String get(String path) throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + path)).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		return response.body();
	}
}
