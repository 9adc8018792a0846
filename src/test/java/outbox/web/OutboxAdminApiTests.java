package outbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageReminderDue;
import outbox.PublishOptions;
import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The admin API over HTTP as the demo users: ada (ADMIN of acme), gus (ADMIN of globex), hana
 * (HR of acme). The dead letters are made by scripted handlers failing with an exception class
 * of this test, so the assertions filter by it and ignore whatever else acme holds.
 */
@OutboxModuleTest
class OutboxAdminApiTests {

	static final String ACME = "acme";
	static final String ERROR = AdapterRejected.class.getName();
	static final String ERROR_PARAM = URLEncoder.encode(ERROR, StandardCharsets.UTF_8);

	@LocalServerPort
	int port;

	@Autowired
	HandlerScript script;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher publisher;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	JsonMapper json;

	ApiClient api;
	@Autowired
	TestEvents events;
	final String run = UUID.randomUUID().toString();
	final AtomicBoolean adapterFixed = new AtomicBoolean();

	@BeforeAll
	void setUp() {
		api = new ApiClient(port);
	}

	@AfterAll
	void discardWhatIsLeft() {
		api.post("ada", "/v1/admin/outbox/dead-letters/discard", "{\"errorClass\":\"" + ERROR + "\"}");
	}

	@Test
	void listsPagesShowsRetriesAndDiscardsDeadLettersWithAnAuditTrail() {
		List<String> keys = deadLetters("page", 5, EmployeeOffboarded.TYPE);
		String filter = "eventType=" + EmployeeOffboarded.TYPE + "&errorClass=" + ERROR_PARAM;

		JsonNode first = get("ada", "/v1/admin/outbox/dead-letters?limit=2&" + filter);
		assertThat(first.get("items")).hasSize(2);
		JsonNode item = first.get("items").get(0);
		assertThat(item.get("eventType").asString()).isEqualTo(EmployeeOffboarded.TYPE);
		assertThat(item.get("attempts").asInt()).isEqualTo(1);
		assertThat(item.get("lastError").asString()).startsWith("rejected ");
		assertThat(item.has("failedAt")).isTrue();
		List<String> ids = new ArrayList<>();
		JsonNode page = first;
		while (true) {
			page.get("items").forEach(node -> ids.add(node.get("id").asString()));
			if (page.get("nextCursor").isNull()) {
				break;
			}
			page = get("ada", "/v1/admin/outbox/dead-letters?limit=2&" + filter + "&cursor="
					+ page.get("nextCursor").asString());
		}
		assertThat(ids).hasSize(5).doesNotHaveDuplicates();

		String id = ids.get(0);
		JsonNode detail = get("ada", "/v1/admin/outbox/dead-letters/" + id);
		assertThat(detail.get("idempotencyKey").asString()).startsWith(run + "-page-");
		assertThat(detail.get("payload").get("displayName").asString()).isEqualTo("Sample Leaver");
		assertThat(detail.get("attemptHistory")).hasSize(1);
		assertThat(detail.get("attemptHistory").get(0).get("errorClass").asString()).isEqualTo(ERROR);
		assertThat(detail.get("attemptHistory").get(0).get("errorStack").asString()).contains("AdapterRejected");

		adapterFixed.set(true);
		assertThat(api.post("ada", "/v1/admin/outbox/dead-letters/" + id + "/retry", null).statusCode()).isEqualTo(204);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> get("ada", "/v1/admin/outbox/events/" + id).get("status").asString().equals("delivered"));
		JsonNode retried = get("ada", "/v1/admin/outbox/events/" + id);
		assertThat(retried.get("redrives").asInt()).isEqualTo(1);
		assertThat(retried.get("attempts").asInt()).isEqualTo(1);
		// the whole story: the failure that dead-lettered it, then the re-driven attempt that succeeded
		assertThat(retried.get("attemptHistory")).hasSize(2);
		assertThat(retried.get("attemptHistory").get(1).get("outcome").asString()).isEqualTo("succeeded");
		assertThat(retried.get("attemptHistory").get(1).get("redrive").asInt()).isEqualTo(1);
		assertThat(api.get("ada", "/v1/admin/outbox/dead-letters/" + id).statusCode()).isEqualTo(404);
		assertThat(api.post("ada", "/v1/admin/outbox/dead-letters/" + id + "/retry", null).statusCode()).isEqualTo(409);

		String discarded = ids.get(1);
		assertThat(api.post("ada", "/v1/admin/outbox/dead-letters/" + discarded + "/discard", null).statusCode())
			.isEqualTo(204);
		assertThat(get("ada", "/v1/admin/outbox/events/" + discarded).get("status").asString()).isEqualTo("discarded");
		assertThat(keys).hasSize(5);

		assertThat(audit("retry", id)).isEqualTo(1);
		assertThat(audit("discard", discarded)).isEqualTo(1);
	}

	@Test
	void bulkRetryAndDiscardChangeEverythingMatchingTheFilterInOneGo() {
		deadLetters("bulk-a", 3, StageReminderDue.TYPE);
		deadLetters("bulk-b", 2, EmployeeTransferred.TYPE);

		HttpResponse<String> discard = api.post("ada", "/v1/admin/outbox/dead-letters/discard",
				"{\"eventType\":\"" + EmployeeTransferred.TYPE + "\",\"errorClass\":\"" + ERROR + "\"}");
		assertThat(discard.statusCode()).isEqualTo(200);
		assertThat(read(discard).get("affected").asInt()).isEqualTo(2);

		adapterFixed.set(true);
		HttpResponse<String> retry = api.post("ada", "/v1/admin/outbox/dead-letters/retry",
				"{\"eventType\":\"" + StageReminderDue.TYPE + "\",\"errorClass\":\"" + ERROR + "\"}");
		assertThat(read(retry).get("affected").asInt()).isEqualTo(3);
		await().atMost(Duration.ofSeconds(10)).until(() -> get("ada", "/v1/admin/outbox/dead-letters?eventType="
				+ StageReminderDue.TYPE + "&errorClass=" + ERROR_PARAM).get("items").isEmpty());
		// out of the dead letters means pending or processing first: delivery follows
		for (int i = 0; i < 3; i++) {
			String key = run + "-bulk-a-" + i;
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events.status(ACME, key)).isEqualTo("delivered"));
		}
		assertThat(transactions.readInTenant(ACME, () -> jdbc.sql("""
				SELECT (detail->>'affected')::int FROM platform_audit
				WHERE action = 'dead_letter.discard_all' AND actor = 'ada' AND detail->'filter'->>'eventType' = :type
				ORDER BY id DESC LIMIT 1""").param("type", EmployeeTransferred.TYPE).query(Integer.class).single()))
			.isEqualTo(2);
	}

	@Test
	void searchesEventsByAggregateKeyTypeAndStatus() {
		UUID employee = UUID.randomUUID();
		String key = run + "-search-created";
		transactions.runInTenant(ACME, () -> {
			publisher.publish(new EmployeeHired(employee, "Search Me", null, "Sales", null, LocalDate.of(2030, 1, 15)),
					PublishOptions.idempotencyKey(key));
			publisher.publish(new EmployeeTransferred(employee, 2, "Search Me", null, "Sales", "Legal", null, null,
					LocalDate.of(2030, 1, 15)), PublishOptions.idempotencyKey(run + "-search-moved"));
		});
		await().atMost(Duration.ofSeconds(10)).until(() -> events.status(ACME, key).equals("delivered"));

		JsonNode byAggregate = get("ada", "/v1/admin/outbox/events?aggregateId=" + employee);
		assertThat(byAggregate.get("items")).hasSize(2);
		// newest first
		assertThat(byAggregate.get("items").get(0).get("idempotencyKey").asString()).isEqualTo(run + "-search-moved");
		JsonNode byKey = get("ada", "/v1/admin/outbox/events?idempotencyKey=" + key);
		assertThat(byKey.get("items")).hasSize(1);
		String id = byKey.get("items").get(0).get("id").asString();
		assertThat(get("ada", "/v1/admin/outbox/events?aggregateId=" + employee + "&eventType=" + EmployeeHired.TYPE
				+ "&status=delivered").get("items")).hasSize(1);
		assertThat(get("ada", "/v1/admin/outbox/events?aggregateId=" + employee + "&status=failed").get("items")).isEmpty();
		JsonNode paged = get("ada", "/v1/admin/outbox/events?aggregateId=" + employee + "&limit=1");
		JsonNode second = get("ada", "/v1/admin/outbox/events?aggregateId=" + employee + "&limit=1&cursor="
				+ paged.get("nextCursor").asString());
		assertThat(second.get("items").get(0).get("idempotencyKey").asString()).isEqualTo(key);
		assertThat(second.get("nextCursor").isNull()).isTrue();

		JsonNode detail = get("ada", "/v1/admin/outbox/events/" + id);
		assertThat(detail.get("payload").get("employeeId").asString()).isEqualTo(employee.toString());
		assertThat(detail.get("payloadVersion").asInt()).isEqualTo(1);
		assertThat(detail.get("deliveredAt").isNull()).isFalse();

		// another tenant's admin: same ids, nothing there
		assertThat(api.get("gus", "/v1/admin/outbox/events/" + id).statusCode()).isEqualTo(404);
		assertThat(get("gus", "/v1/admin/outbox/events?aggregateId=" + employee).get("items")).isEmpty();
	}

	@Test
	void anotherTenantsOrAnUnknownIdIsNotFound() {
		String key = deadLetters("foreign", 1, EmployeeHired.TYPE).get(0);
		String eventId = events.state(ACME, key).id().toString();
		for (String path : List.of("/v1/admin/outbox/dead-letters/" + eventId, "/v1/admin/outbox/events/" + eventId,
				"/v1/admin/outbox/dead-letters/" + UUID.randomUUID())) {
			HttpResponse<String> response = api.get("gus", path);
			assertThat(response.statusCode()).isEqualTo(404);
			assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		}
		assertThat(api.post("gus", "/v1/admin/outbox/dead-letters/" + eventId + "/retry", null).statusCode()).isEqualTo(404);
		assertThat(api.post("gus", "/v1/admin/outbox/dead-letters/" + eventId + "/discard", null).statusCode()).isEqualTo(404);
		assertThat(read(api.post("gus", "/v1/admin/outbox/dead-letters/retry", "{\"errorClass\":\"" + ERROR + "\"}"))
			.get("affected").asInt()).isZero();
		assertThat(events.status(ACME, key)).isEqualTo("failed");
	}

	@Test
	void rejectsBadInputAndNonAdmins() {
		for (String query : List.of("limit=0", "limit=201", "cursor=*!*", "cursor=bm9wZQ", "eventType=hr.employee",
				"status=lost", "aggregateId=not-a-uuid")) {
			HttpResponse<String> response = api.get("ada", "/v1/admin/outbox/events?" + query);
			assertThat(response.statusCode()).as(query).isEqualTo(400);
			assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(response.body()).doesNotContain("Exception");
		}
		assertThat(api.get("ada", "/v1/admin/outbox/dead-letters?cursor=bm9wZQ").statusCode()).isEqualTo(400);
		assertThat(api.post("ada", "/v1/admin/outbox/dead-letters/retry", null).statusCode()).isEqualTo(400);
		assertThat(api.get("hana", "/v1/admin/outbox/backlog").statusCode()).isEqualTo(403);
		assertThat(api.get(null, "/v1/admin/outbox/backlog").statusCode()).isEqualTo(401);
	}

	@Test
	void reportsTheTenantsBacklog() {
		deadLetters("backlog", 2, RunStartRequested.TYPE);
		JsonNode backlog = get("ada", "/v1/admin/outbox/backlog");
		assertThat(backlog.get("failed").asLong()).isGreaterThanOrEqualTo(2);
		assertThat(backlog.has("pending")).isTrue();
		assertThat(backlog.has("processing")).isTrue();
		assertThat(backlog.has("oldestPendingSeconds")).as("always present, null when nothing is pending").isTrue();
		JsonNode type = null;
		for (JsonNode node : backlog.get("byEventType")) {
			if (node.get("eventType").asString().equals(RunStartRequested.TYPE)) {
				type = node;
			}
		}
		assertThat(type).isNotNull();
		assertThat(type.get("failed").asLong()).isGreaterThanOrEqualTo(2);
		assertThat(get("gus", "/v1/admin/outbox/backlog").get("failed").asLong()).isZero();
	}

	/** Publishes {@code count} events in acme that the "adapter" rejects until it is fixed; waits for their dead letters. */
	private List<String> deadLetters(String name, int count, String type) {
		adapterFixed.set(false);
		List<String> keys = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String key = run + "-" + name + "-" + i;
			keys.add(key);
			script.when(ACME, key, event -> {
				if (!adapterFixed.get()) {
					throw new AdapterRejected("rejected " + event.idempotencyKey());
				}
			});
			events.publish(ACME, type, key);
		}
		await().atMost(Duration.ofSeconds(10))
			.until(() -> keys.stream().allMatch(key -> events.status(ACME, key).equals("failed")));
		return keys;
	}

	private long audit(String action, String eventId) {
		return transactions.readInTenant(ACME, () -> jdbc.sql("""
				SELECT count(*) FROM platform_audit
				WHERE action = :action AND detail->>'eventId' = :id AND detail->>'subject' = :id AND actor = 'ada'
				  AND (detail->>'affected')::int = 1""")
			.param("action", "dead_letter." + action).param("id", eventId).query(Long.class).single());
	}

	private JsonNode get(String user, String path) {
		HttpResponse<String> response = api.get(user, path);
		assertThat(response.statusCode()).as(path + " " + response.body()).isEqualTo(200);
		return read(response);
	}

	private JsonNode read(HttpResponse<String> response) {
		return json.readTree(response.body());
	}

	/** The failure the scripted adapter throws: permanent, so one attempt dead-letters the event. */
	static class AdapterRejected extends PermanentFailureException {

		AdapterRejected(String message) {
			super(message);
		}
	}
}
