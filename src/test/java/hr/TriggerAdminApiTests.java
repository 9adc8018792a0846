package hr;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code PUT /v1/admin/hr/triggers} as docs/hr.md says it, on a tenant of its own: the version named
 * by If-Match alone (no "version" in the body), a trigger left out is off, a wrong type is a 400
 * naming the field in words that fit it, a stale If-Match a 412 that reads right.
 */
@JmlHubIntegrationTest
class TriggerAdminApiTests {

	static final String PATH = "/v1/admin/hr/triggers";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	final JsonMapper json = JsonMapper.builder().build();
	ApiClient api;
	String admin;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		admin = "boss@" + TestTenants.create(transactions, jdbc, "trig", "boss");
	}

	@Test
	void ifMatchAloneNamesTheVersionAndATriggerLeftOutIsOff() {
		HttpResponse<String> saved = api.sendIfMatch(admin, "PUT", PATH, "{\"moverOnChange\": true}", "\"0\"");
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
		assertThat(saved.headers().firstValue("ETag")).hasValue("\"1\"");
		JsonNode triggers = json.readTree(api.get(admin, PATH).body());
		assertThat(triggers.get("moverOnChange").asBoolean()).isTrue();
		assertThat(triggers.get("leaverOnLastDay").asBoolean()).isFalse();
		assertThat(triggers.get("joinerOnRehire").asBoolean()).isFalse();
		assertThat(triggers.get("version").asInt()).isEqualTo(1);

		HttpResponse<String> withBoth = api.sendIfMatch(admin, "PUT", PATH,
				"{\"moverOnChange\": false, \"leaverOnLastDay\": true, \"joinerDaysBeforeStart\": 7, \"version\": 1}", "\"1\"");
		assertThat(withBoth.statusCode()).as(withBoth.body()).isEqualTo(200);
		assertThat(withBoth.body()).contains("\"leaverOnLastDay\":true", "\"joinerDaysBeforeStart\":7", "\"version\":2");
	}

	@Test
	void aWrongTypeIsA400InWordsThatFitAndAStaleIfMatchA412ThatReadsRight() {
		HttpResponse<String> notABoolean = api.sendIfMatch(admin, "PUT", PATH, "{\"moverOnChange\": \"yes\"}", "\"0\"");
		assertThat(notABoolean.statusCode()).as(notABoolean.body()).isEqualTo(400);
		assertThat(json.readTree(notABoolean.body()).get("errors").get("moverOnChange").asString())
			.isEqualTo("must be true or false");

		HttpResponse<String> none = api.send(admin, "PUT", PATH, "{\"moverOnChange\": true}");
		assertThat(none.statusCode()).as(none.body()).isEqualTo(428);

		assertThat(api.sendIfMatch(admin, "PUT", PATH, "{\"moverOnChange\": true}", "\"0\"").statusCode()).isEqualTo(200);
		HttpResponse<String> stale = api.sendIfMatch(admin, "PUT", PATH, "{\"moverOnChange\": false}", "\"0\"");
		assertThat(stale.statusCode()).as(stale.body()).isEqualTo(412);
		assertThat(json.readTree(stale.body()).get("detail").asString())
			.isEqualTo("Someone else changed the trigger settings (now version 1, you sent version 0); reload and try again.");
		assertThat(json.readTree(api.get(admin, PATH).body()).get("moverOnChange").asBoolean()).as("nothing written").isTrue();
	}
}
