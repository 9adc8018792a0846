package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.JmlHubIntegrationTest;

/** Health, readiness and Prometheus metrics live on the management port only. */
@JmlHubIntegrationTest
class ManagementEndpointsTests {

	@LocalManagementPort
	int managementPort;

	@LocalServerPort
	int port;

	@Test
	void healthReadinessAndMetricsOnTheManagementPort() throws Exception {
		assertThat(get(managementPort, "/healthz").statusCode()).isEqualTo(200);
		var ready = get(managementPort, "/readyz");
		assertThat(ready.statusCode()).isEqualTo(200);
		assertThat(ready.body()).contains("\"status\":\"UP\"");
		var metrics = get(managementPort, "/metrics");
		assertThat(metrics.statusCode()).isEqualTo(200);
		assertThat(metrics.body()).contains("jvm_memory_used_bytes");
	}

	@Test
	void requestsAreTimedWithoutAnObservationPerSecurityFilterOrAnActiveRequestsTimer() throws Exception {
		get(port, "/v1/workflow-runs");
		String metrics = get(managementPort, "/metrics").body();
		assertThat(metrics).contains("http_server_requests_seconds_count")
			.doesNotContain("spring_security_")
			.doesNotContain("http_server_requests_active");
	}

	@Test
	void managementEndpointsAreNotOnThePublicPort() throws Exception {
		assertThat(get(port, "/metrics").statusCode()).isIn(302, 401, 404);
		assertThat(get(port, "/metrics").body()).doesNotContain("jvm_memory_used_bytes");
	}

	private static HttpResponse<String> get(int port, String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
					HttpResponse.BodyHandlers.ofString());
	}
}
