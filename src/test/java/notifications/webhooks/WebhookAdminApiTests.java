package notifications.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/admin/webhooks} and the Webhooks page through the running application: an admin
 * registers an endpoint and sees its signing secret once (the answer to the POST, never a GET),
 * bad URLs and unknown event types are a 400 problem+json naming the field and write nothing, the
 * trail records each change, and only admins get in.
 */
@JmlHubIntegrationTest
class WebhookAdminApiTests {

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TenantTransactions transactions;

	@Test
	void theSecretIsShownOnceAndTheEndpointIsListedReadAndDeleted() {
		ApiClient api = new ApiClient(port);
		HttpResponse<String> created = api.post("ada", "/v1/admin/webhooks", """
				{"url": "https://hooks.example.test/jml", "events": ["hr.employee.created", "workflow.run.finished"]}""");
		assertThat(created.statusCode()).isEqualTo(201);
		JsonNode body = json.readTree(created.body());
		String id = body.path("id").asString();
		String secret = body.path("secret").asString();
		assertThat(secret).matches("whsec_[A-Za-z0-9+/]{43}=");
		assertThat(created.headers().firstValue("Location")).hasValue("/v1/admin/webhooks/" + id);
		assertThat(body.path("status").asString()).isEqualTo("enabled");

		HttpResponse<String> one = api.get("ada", "/v1/admin/webhooks/" + id);
		assertThat(one.statusCode()).isEqualTo(200);
		assertThat(json.readTree(one.body()).path("events").toString()).contains("hr.employee.created",
				"workflow.run.finished");
		HttpResponse<String> list = api.get("ada", "/v1/admin/webhooks");
		assertThat(list.body()).contains(id);
		for (HttpResponse<String> read : java.util.List.of(one, list)) {
			assertThat(read.body()).doesNotContain(secret.substring(6), "secret");
		}
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql(
				"SELECT secret_sealed FROM webhook_endpoints WHERE id = CAST(:id AS uuid)")
			.param("id", id).query(String.class).single())).startsWith("enc:").doesNotContain(secret.substring(6));
		assertThat(api.get("ada", "/v1/admin/webhooks/" + id + "/deliveries").body()).isEqualTo("[]");

		HttpResponse<String> page = ConsoleSession.login(port, "ada").get("/admin/webhooks/" + id);
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("https://hooks.example.test/jml", "Nothing delivered yet").doesNotContain(
				secret.substring(6));

		assertThat(api.send("ada", "DELETE", "/v1/admin/webhooks/" + id, null).statusCode()).isEqualTo(204);
		assertThat(api.get("ada", "/v1/admin/webhooks/" + id).statusCode()).isEqualTo(404);
		HttpResponse<String> trail = api.get("ada", "/v1/admin/audit?subject=" + id);
		assertThat(trail.body()).contains("webhook.endpoint.created", "webhook.endpoint.deleted")
			.doesNotContain(secret.substring(6));
	}

	@Test
	void badUrlsAndUnknownEventTypesAreA400NamingTheFieldAndNothingIsWritten() {
		ApiClient api = new ApiClient(port);
		long before = endpoints();
		for (String bad : java.util.List.of("""
				{"url": "ftp://hooks.example.test/x", "events": ["*"]}""", """
				{"url": "not a url at all", "events": ["*"]}""", """
				{"events": ["*"]}""", """
				{"url": "https://user:pw@hooks.example.test/x", "events": ["*"]}""")) {
			HttpResponse<String> refused = api.post("ada", "/v1/admin/webhooks", bad);
			assertThat(refused.statusCode()).as(bad).isEqualTo(400);
			assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
				.startsWith("application/problem+json"));
			assertThat(refused.body()).as(bad).contains("url").doesNotContain("Exception");
		}
		HttpResponse<String> unknown = api.post("ada", "/v1/admin/webhooks", """
				{"url": "https://hooks.example.test/x", "events": ["hr.employee.created", "no.such.event"]}""");
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("events[1]").doesNotContain("events[0]");
		HttpResponse<String> none = api.post("ada", "/v1/admin/webhooks", """
				{"url": "https://hooks.example.test/x", "events": []}""");
		assertThat(none.statusCode()).isEqualTo(400);
		assertThat(none.body()).contains("events");
		HttpResponse<String> starAndMore = api.post("ada", "/v1/admin/webhooks", """
				{"url": "https://hooks.example.test/x", "events": ["*", "hr.employee.created"]}""");
		assertThat(starAndMore.statusCode()).isEqualTo(400);
		assertThat(endpoints()).isEqualTo(before);
	}

	@Test
	void onlyAdminsManageWebhooks() {
		ApiClient api = new ApiClient(port);
		assertThat(api.get("hana", "/v1/admin/webhooks").statusCode()).isEqualTo(403);
		assertThat(api.post("manny", "/v1/admin/webhooks", """
				{"url": "https://hooks.example.test/x", "events": ["*"]}""").statusCode()).isEqualTo(403);
		assertThat(ConsoleSession.login(port, "hana").get("/admin/webhooks").statusCode()).isEqualTo(403);
	}

	private long endpoints() {
		return transactions.readInTenant("acme",
				() -> jdbc.sql("SELECT count(*) FROM webhook_endpoints").query(Long.class).single());
	}
}
