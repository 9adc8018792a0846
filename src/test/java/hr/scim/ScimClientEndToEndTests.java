package hr.scim;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import de.captaingoldfish.scim.sdk.client.ScimClientConfig;
import de.captaingoldfish.scim.sdk.client.ScimRequestBuilder;
import de.captaingoldfish.scim.sdk.client.response.ServerResponse;
import de.captaingoldfish.scim.sdk.common.constants.EndpointPaths;
import de.captaingoldfish.scim.sdk.common.constants.enums.Comparator;
import de.captaingoldfish.scim.sdk.common.constants.enums.HttpMethod;
import de.captaingoldfish.scim.sdk.common.constants.enums.PatchOp;
import de.captaingoldfish.scim.sdk.common.resources.EnterpriseUser;
import de.captaingoldfish.scim.sdk.common.resources.User;
import de.captaingoldfish.scim.sdk.common.resources.complex.Manager;
import de.captaingoldfish.scim.sdk.common.resources.complex.Name;
import de.captaingoldfish.scim.sdk.common.response.BulkResponse;
import de.captaingoldfish.scim.sdk.common.response.BulkResponseOperation;
import de.captaingoldfish.scim.sdk.common.response.ListResponse;
import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeHistoryEntry;
import hr.EmployeeService;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The SCIM endpoint as a SCIM client nobody here wrote (the SCIM-SDK client of captaingoldfish)
 * uses it against the application on a random port with real PostgreSQL: create, get, filter,
 * patch, replace and bulk-load users with the enterprise extension, in a fresh organisation with an
 * HR API token; and the hostile cases a raw HTTP client sends.
 */
@JmlHubIntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScimClientEndToEndTests {

	private static final String ADMIN = "scim-admin";

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	EmployeeService employees;

	@Autowired
	Clock clock;

	final JsonMapper json = JsonMapper.builder().build();

	String tenant;
	String hrToken;
	String adminToken;
	ScimRequestBuilder scim;

	@BeforeAll
	void organisationWithTokens() {
		tenant = TestTenants.create(transactions, jdbc, "scim", ADMIN);
		hrToken = token("[\"HR\"]");
		adminToken = token("[\"ADMIN\"]");
		scim = new ScimRequestBuilder("http://localhost:" + port + "/scim/v2",
				ScimClientConfig.builder().httpHeaders(Map.of("Authorization", "Bearer " + hrToken)).build());
	}

	@AfterAll
	void close() {
		scim.close();
	}

	String token(String roles) {
		var response = new ApiClient(port).post(ADMIN, "/v1/admin/api-tokens", """
				{"name":"scim-%s","roles":%s,"expiresAt":"%s"}""".formatted(UUID.randomUUID().toString().substring(0, 8),
				roles, Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.SECONDS)));
		assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
		return json.readTree(response.body()).get("token").asString();
	}

	static String unique(String prefix) {
		return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	static User user(String number, String name, String department, String manager) {
		EnterpriseUser.EnterpriseUserBuilder enterprise = EnterpriseUser.builder().employeeNumber(number).department(department)
			.costCenter("CC-" + department);
		if (manager != null) {
			enterprise.manager(Manager.builder().value(manager).build());
		}
		return User.builder()
			.userName(number.toLowerCase() + "@scim.example")
			.externalId(number)
			.name(Name.builder().formatted(name).build())
			.displayName(name)
			.title("Engineer")
			.active(true)
			.enterpriseUser(enterprise.build())
			.build();
	}

	User create(User user) {
		ServerResponse<User> created = scim.create(User.class, EndpointPaths.USERS).setResource(user).sendRequest();
		assertThat(created.getHttpStatus()).as(created.getResponseBody()).isEqualTo(201);
		assertThat(created.isSuccess()).isTrue();
		return created.getResource();
	}

	@Test
	void aScimClientCreatesGetsFiltersPatchesAndReplacesUsers() {
		String managerNumber = unique("M");
		create(user(managerNumber, "Mana Ger", "Engineering", null));
		String number = unique("E");
		User created = create(user(number, "Sam Scim", "Engineering", managerNumber));
		String id = created.getId().orElseThrow();
		assertThat(created.getExternalId()).hasValue(number);
		assertThat(created.getEnterpriseUser().orElseThrow().getManager().orElseThrow().getValue()).hasValue(managerNumber);

		ServerResponse<User> got = scim.get(User.class, EndpointPaths.USERS, id).sendRequest();
		assertThat(got.getHttpStatus()).isEqualTo(200);
		assertThat(got.getResource().getUserName()).hasValue(number.toLowerCase() + "@scim.example");
		assertThat(got.getResource().getEnterpriseUser().orElseThrow().getDepartment()).hasValue("Engineering");

		ServerResponse<ListResponse<User>> byUserName = scim.list(User.class, EndpointPaths.USERS)
			.filter("userName", Comparator.EQ, number.toLowerCase() + "@scim.example").build().get().sendRequest();
		assertThat(byUserName.getHttpStatus()).as(byUserName.getResponseBody()).isEqualTo(200);
		assertThat(byUserName.getResource().getTotalResults()).isEqualTo(1);
		assertThat(byUserName.getResource().getListedResources().get(0).getId()).hasValue(id);
		ServerResponse<ListResponse<User>> byExternalId = scim.list(User.class, EndpointPaths.USERS)
			.filter("externalId", Comparator.EQ, number).build().get().sendRequest();
		assertThat(byExternalId.getResource().getListedResources()).singleElement()
			.satisfies(user -> assertThat(user.getId()).hasValue(id));
		ServerResponse<ListResponse<User>> nobody = scim.list(User.class, EndpointPaths.USERS)
			.filter("externalId", Comparator.EQ, unique("nobody")).build().get().sendRequest();
		assertThat(nobody.getResource().getTotalResults()).isZero();

		ServerResponse<User> patched = scim.patch(User.class, EndpointPaths.USERS, id)
			.addOperation().op(PatchOp.REPLACE).path("title").value("Staff Engineer")
			.next().op(PatchOp.REPLACE).path(ScimSchemas.ENTERPRISE + ":department").value("Sales")
			.next().op(PatchOp.REMOVE).path(ScimSchemas.ENTERPRISE + ":costCenter")
			.build().sendRequest();
		assertThat(patched.getHttpStatus()).as(patched.getResponseBody()).isEqualTo(200);
		assertThat(patched.getResource().getTitle()).hasValue("Staff Engineer");
		assertThat(patched.getResource().getEnterpriseUser().orElseThrow().getDepartment()).hasValue("Sales");
		assertThat(patched.getResource().getEnterpriseUser().orElseThrow().getCostCenter()).isEmpty();

		User replacement = user(number, "Samantha Scim", "Sales", managerNumber);
		replacement.setTitle(null);
		ServerResponse<User> replaced = scim.update(User.class, EndpointPaths.USERS, id).setResource(replacement)
			.setETagForIfMatch(patched.getResource().getMeta().orElseThrow().getVersion().orElseThrow())
			.sendRequest();
		assertThat(replaced.getHttpStatus()).as(replaced.getResponseBody()).isEqualTo(200);
		assertThat(replaced.getResource().getDisplayName()).hasValue("Samantha Scim");
		assertThat(replaced.getResource().getTitle()).as("left out of a PUT: emptied").isEmpty();

		ServerResponse<User> stale = scim.update(User.class, EndpointPaths.USERS, id).setResource(replacement)
			.setETagForIfMatch(created.getMeta().orElseThrow().getVersion().orElseThrow())
			.sendRequest();
		assertThat(stale.getHttpStatus()).isEqualTo(412);
		assertThat(stale.getErrorResponse()).isNotNull();

		Employee stored = employees.get(tenant, UUID.fromString(id));
		assertThat(stored.employeeNumber()).isEqualTo(number);
		assertThat(stored.displayName()).isEqualTo("Samantha Scim");
		assertThat(stored.department()).isEqualTo("Sales");
		assertThat(stored.manager()).isEqualTo(managerNumber);
		assertThat(stored.title()).isNull();
		assertThat(stored.costCentre()).isEqualTo("CC-Sales");
		List<EmployeeHistoryEntry> history = employees.history(tenant, stored.id(), null, 10).items();
		assertThat(history).hasSize(3).allSatisfy(entry -> assertThat(entry.source()).isEqualTo(ChangeSource.SCIM));
	}

	@Test
	void aScimClientBulkLoadsUsersAndPatchesOneByItsBulkId() {
		String manager = unique("BM");
		String report = unique("BR");
		ServerResponse<BulkResponse> response = scim.bulk()
			.bulkRequestOperation(EndpointPaths.USERS).method(HttpMethod.POST).bulkId("manager")
			.data(user(manager, "Bulk Manager", "Finance", null))
			.next()
			.bulkRequestOperation(EndpointPaths.USERS).method(HttpMethod.POST).bulkId("report")
			.data(user(report, "Bulk Report", "Finance", manager))
			.next()
			.bulkRequestOperation(EndpointPaths.USERS + "/bulkId:report").method(HttpMethod.PATCH)
			.data("""
					{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
					 "Operations":[{"op":"replace","path":"urn:jmlhub:params:scim:schemas:extension:jmlhub:2.0:User:lastDay","value":"2099-12-31"}]}""")
			.next()
			.bulkRequestOperation(EndpointPaths.USERS).method(HttpMethod.POST).bulkId("again")
			.data(user(report, "Bulk Duplicate", "Finance", null))
			.sendRequest();
		assertThat(response.getHttpStatus()).as(response.getResponseBody()).isEqualTo(200);
		List<BulkResponseOperation> operations = response.getResource().getBulkResponseOperations();
		assertThat(operations).extracting(BulkResponseOperation::getStatus).containsExactly(201, 201, 200, 409);
		assertThat(employees.findByNumber(tenant, report)).hasValueSatisfying(employee -> {
			assertThat(employee.manager()).isEqualTo(manager);
			assertThat(employee.lastDay()).hasToString("2099-12-31");
			assertThat(employee.displayName()).isEqualTo("Bulk Report");
		});
	}

	@Test
	void anEntraStylePatchWithoutPathSetsUrnQualifiedAttributesAndActiveFalseAnnouncesTodayAsLastDay() {
		String number = unique("X");
		String id = create(user(number, "Ent Ra", "Engineering", null)).getId().orElseThrow();
		HttpResponse<String> patched = raw(hrToken, "PATCH", "/scim/v2/Users/" + id, """
				{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
				 "Operations":[
				  {"op":"Replace","value":{"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department":"Legal",
				                           "active":"False"}},
				  {"op":"Add","path":"addresses[type eq \\"work\\"].locality","value":"Lisbon"},
				  {"op":"Replace","path":"emails[type eq \\"work\\"].value","value":"ignored@scim.example"}]}""");
		assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
		assertThat(patched.headers().firstValue("ETag")).hasValue("W/\"1\"");
		Employee stored = employees.get(tenant, UUID.fromString(id));
		assertThat(stored.department()).isEqualTo("Legal");
		assertThat(stored.location()).isEqualTo("Lisbon");
		assertThat(stored.lastDay()).isEqualTo(LocalDate.now(clock));
		assertThat(stored.email()).isEqualTo(number.toLowerCase() + "@scim.example");
	}

	@Test
	void theDiscoveryEndpointsDescribeWhatIsSupported() {
		var config = scim.loadServiceProviderConfiguration();
		assertThat(config.getBulkConfig().isSupported()).isTrue();
		assertThat(config.getPatchConfig().isSupported()).isTrue();
		HttpResponse<String> schemas = raw(hrToken, "GET", "/scim/v2/Schemas", null);
		assertThat(schemas.statusCode()).isEqualTo(200);
		assertThat(schemas.body()).contains(ScimSchemas.ENTERPRISE, ScimSchemas.JMLHUB);
		assertThat(raw(hrToken, "GET", "/scim/v2/ResourceTypes", null).body()).contains("\"endpoint\":\"/Users\"");
	}

	@Test
	void hostileRequestsGetScimErrorsAndWriteNothing() {
		assertError(raw(hrToken, "POST", "/scim/v2/Users", "{\"schemas\": [\"urn:"), 400, "invalidSyntax");
		String number = unique("H");
		String valid = """
				{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"userName":"%s@scim.example","externalId":"%s",
				 "displayName":"Hos Tile","urn:ietf:params:scim:schemas:extension:enterprise:2.0:User":{"department":"Ops"}%s}""";
		assertError(raw(hrToken, "POST", "/scim/v2/Users", valid.formatted(number, number, ",\"shoeSize\":44")), 400,
				"invalidSyntax");
		assertThat(employees.findByNumber(tenant, number)).as("nothing written").isEmpty();
		assertError(raw(adminToken, "POST", "/scim/v2/Users", valid.formatted(number, number, "")), 403, null);
		assertError(raw(null, "GET", "/scim/v2/Users", null), 401, null);
		assertError(raw("jmlh_" + "A".repeat(43), "GET", "/scim/v2/Users", null), 401, null);
		assertThat(employees.findByNumber(tenant, number)).as("nothing written").isEmpty();

		HttpResponse<String> created = raw(hrToken, "POST", "/scim/v2/Users", valid.formatted(number, number, ""));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		String other = unique("H");
		assertError(raw(hrToken, "POST", "/scim/v2/Users", valid.formatted(other, number, "")), 409, "uniqueness");
		assertThat(employees.findByEmail(tenant, other + "@scim.example")).as("nothing written").isEmpty();

		String id = json.readTree(created.body()).get("id").asString();
		assertError(raw(hrToken, "PATCH", "/scim/v2/Users/" + id, """
				{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
				 "Operations":[{"op":"replace","path":"favouriteColour","value":"blue"}]}"""), 400, "invalidPath");
		assertError(raw(hrToken, "PATCH", "/scim/v2/Users/" + id, """
				{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
				 "Operations":[{"op":"remove","path":"urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department"}]}"""),
				400, "invalidValue");
		assertError(raw(hrToken, "GET", "/scim/v2/Users?filter=" + java.net.URLEncoder.encode("title co \"x\"",
				java.nio.charset.StandardCharsets.UTF_8), null), 400, "invalidFilter");
		assertError(raw(hrToken, "GET", "/scim/v2/Users/" + UUID.randomUUID(), null), 404, null);
		assertThat(employees.get(tenant, UUID.fromString(id)).version()).as("the refused patches wrote nothing").isZero();
	}

	void assertError(HttpResponse<String> response, int status, String scimType) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				type -> assertThat(type).startsWith("application/scim+json"));
		JsonNode error = json.readTree(response.body());
		assertThat(error.get("schemas").get(0).asString()).isEqualTo("urn:ietf:params:scim:api:messages:2.0:Error");
		assertThat(error.get("status").asString()).isEqualTo(Integer.toString(status));
		if (scimType != null) {
			assertThat(error.get("scimType").asString()).isEqualTo(scimType);
		}
		assertThat(response.body()).doesNotContain("Exception", "at hr.", "at org.");
	}

	HttpResponse<String> raw(String token, String method, String path, String body) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.header("Accept", "application/scim+json");
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		if (body != null) {
			request.header("Content-Type", "application/scim+json");
		}
		request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
		try {
			return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (java.io.IOException e) {
			throw new IllegalStateException(e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}
}
