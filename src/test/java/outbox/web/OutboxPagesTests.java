package outbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
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
import org.springframework.web.util.HtmlUtils;

import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageReminderDue;
import outbox.PublishOptions;
import outbox.OutboxPublisher;
import outbox.PermanentFailureException;
import outbox.admin.DeadLetterFilter;
import outbox.admin.DeadLetterService;
import outbox.testing.HandlerScript;
import outbox.testing.OutboxModuleTest;
import outbox.testing.TestEvents;
import platform.TenantTransactions;
import platform.testing.ConsoleSession;

/** The outbox admin pages over HTTP with a signed-in session (form login, CSRF). */
@OutboxModuleTest
class OutboxPagesTests {

	static final String ACME = "acme";
	static final String ERROR = PageTestFailure.class.getName();

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
	DeadLetterService deadLetters;

	@Autowired
	TestEvents events;
	ConsoleSession ada;
	final String run = UUID.randomUUID().toString();
	final AtomicBoolean fixed = new AtomicBoolean();

	@BeforeAll
	void setUp() {
		ada = ConsoleSession.login(port, "ada");
	}

	@AfterAll
	void discardWhatIsLeft() {
		deadLetters.discardAll(ACME, "test-cleanup", new DeadLetterFilter(null, ERROR));
	}

	@Test
	void theBacklogPageRefreshesItsPanelOnlyWhileTheTabIsVisible() {
		deadLetters("backlog", 1, RunStartRequested.TYPE);
		HttpResponse<String> page = ada.get("/admin/outbox");
		assertThat(page.statusCode()).isEqualTo(200);
		String html = page.body();
		assertThat(html).contains("Outbox backlog", "id=\"backlog-panel\"", "id=\"backlog-failed\"", "Acme Corp");
		assertThat(HtmlUtils.htmlUnescape(html))
			.contains("hx-trigger=\"every 5s, refresh\"");
		assertThat(html).contains("<code>workflow.run.start_requested</code>");

		HttpResponse<String> panel = ada.htmxGet("/admin/outbox");
		assertThat(panel.statusCode()).isEqualTo(200);
		assertThat(panel.body()).startsWith("<section").contains("id=\"backlog-panel\"").doesNotContain("<html", "<nav");
	}

	@Test
	void deadLettersCanBeFilteredInspectedRetriedAndDiscarded() {
		List<String> keys = deadLetters("one", 2, EmployeeOffboarded.TYPE);
		UUID retried = events.state(ACME, keys.get(0)).id();
		UUID discarded = events.state(ACME, keys.get(1)).id();

		String list = ada.get("/admin/outbox/dead-letters?eventType=" + EmployeeOffboarded.TYPE + "&errorClass=" + ERROR)
			.body();
		assertThat(list).contains("id=\"dead-letter-" + retried + "\"", "id=\"dead-letter-" + discarded + "\"",
				"PageTestFailure", "Retry all 2 matching");
		// each dead letter's aggregate id leads to its employee
		assertThat(list).contains("class=\"aggregate-link\"", "href=\"/hr/employees/");

		String detail = ada.get("/admin/outbox/dead-letters/" + retried).body();
		assertThat(detail).contains("dead letter", "id=\"attempt-history\"", ERROR, "broken on purpose");
		// the payload pretty-printed
		assertThat(detail).contains(keys.get(0));
		assertThat(HtmlUtils.htmlUnescape(detail)).containsPattern("\\{\\R\\s+\"")
			.containsPattern("\"employeeId\" : \"[0-9a-f-]{36}\"")
			.contains("\"displayName\" : \"Sample Leaver\"");

		fixed.set(true);
		HttpResponse<String> retry = ada.post("/admin/outbox/dead-letters/" + retried + "/retry", Map.of());
		assertThat(retry.statusCode()).isEqualTo(302);
		String afterRetry = ada.follow(retry).body();
		assertThat(afterRetry).contains("id=\"flash-success\"", "Retry queued for 1 event; it will be delivered in the background");
		await().atMost(Duration.ofSeconds(10)).until(() -> events.status(ACME, keys.get(0)).equals("delivered"));
		assertThat(ada.get("/admin/outbox/dead-letters?errorClass=" + ERROR).body()).doesNotContain("dead-letter-" + retried);

		String afterDiscard = ada.follow(ada.post("/admin/outbox/dead-letters/" + discarded + "/discard", Map.of())).body();
		assertThat(afterDiscard).contains("id=\"flash-success\"", "discarded").doesNotContain("dead-letter-" + discarded);
		// a second click on a stale page changes nothing and says so
		String twice = ada.follow(ada.post("/admin/outbox/dead-letters/" + discarded + "/discard", Map.of())).body();
		assertThat(twice).contains("id=\"flash-error\"", "not a dead letter");
		assertThat(afterDiscard).contains("id=\"recent-actions\"");
	}

	@Test
	void bulkActionsConfirmTheCountFirst() {
		fixed.set(false);
		deadLetters("bulk", 3, StageReminderDue.TYPE);
		String filter = "eventType=" + StageReminderDue.TYPE + "&errorClass=" + ERROR;

		String confirm = ada.get("/admin/outbox/dead-letters/bulk?action=retry&" + filter).body();
		assertThat(confirm).contains("id=\"bulk-count\"", "Retry 3 dead letters");
		fixed.set(true);
		HttpResponse<String> bulk = ada.post("/admin/outbox/dead-letters/bulk",
				Map.of("action", "retry", "eventType", StageReminderDue.TYPE, "errorClass", ERROR));
		assertThat(bulk.statusCode()).isEqualTo(302);
		assertThat(bulk.headers().firstValue("Location").orElseThrow()).contains("eventType=workflow.stage.reminder_due");
		assertThat(ada.follow(bulk).body()).contains("Retry queued for 3 events; they will be delivered in the background");

		HttpResponse<String> nothing = ada.post("/admin/outbox/dead-letters/bulk",
				Map.of("action", "discard", "eventType", StageReminderDue.TYPE, "errorClass", ERROR));
		assertThat(ada.follow(nothing).body()).contains("id=\"flash-warning\"", "No dead letter matched");
		assertThat(ada.get("/admin/outbox/dead-letters/bulk?action=explode").statusCode()).isEqualTo(404);
	}

	@Test
	void findsEventsByAggregateIdOrIdAndExplainsBadInput() {
		UUID employee = UUID.randomUUID();
		String key = run + "-joiner";
		transactions.runInTenant(ACME, () -> publisher.publish(new EmployeeHired(employee, "Search Me", null, "Sales",
				null, LocalDate.of(2030, 1, 15)), PublishOptions.idempotencyKey(key)));
		await().atMost(Duration.ofSeconds(10)).until(() -> events.status(ACME, key).equals("delivered"));
		UUID id = events.state(ACME, key).id();

		String found = ada.get("/admin/outbox/events?aggregateId=" + employee).body();
		assertThat(found).contains("id=\"events\"", key, "delivered");
		HttpResponse<String> byId = ada.get("/admin/outbox/events?id=" + id);
		assertThat(byId.statusCode()).isEqualTo(302);
		String detail = ada.follow(byId).body();
		assertThat(detail).contains(key, "No failed attempts.", employee.toString());
		// the aggregate id leads to the employee the event is about
		assertThat(detail).contains("id=\"aggregate-link\"", "href=\"/hr/employees/" + employee + "\"");

		String invalid = ada.get("/admin/outbox/events?aggregateId=not-an-id").body();
		assertThat(invalid).contains("is-invalid", "Aggregate id is not an id (a UUID)");
		assertThat(ada.get("/admin/outbox/events?aggregateId=" + UUID.randomUUID()).body()).contains("id=\"events-empty\"");
	}

	@Test
	void onlyAdminsOfTheTenantSeeThePages() {
		String key = deadLetters("secured", 1, EmployeeHired.TYPE).get(0);
		UUID id = events.state(ACME, key).id();
		ConsoleSession manny = ConsoleSession.login(port, "manny");
		for (String path : List.of("/admin/outbox", "/admin/outbox/dead-letters", "/admin/outbox/events",
				"/admin/outbox/dead-letters/" + id)) {
			assertThat(manny.get(path).statusCode()).as(path).isEqualTo(403);
		}
		ConsoleSession gus = ConsoleSession.login(port, "gus");
		gus.get("/admin/outbox/dead-letters");
		assertThat(gus.get("/admin/outbox/dead-letters/" + id).statusCode()).isEqualTo(404);
		assertThat(gus.get("/admin/outbox/events/" + id).statusCode()).isEqualTo(404);
		assertThat(gus.post("/admin/outbox/dead-letters/" + id + "/retry", Map.of()).statusCode()).isEqualTo(404);
		assertThat(gus.get("/admin/outbox/dead-letters?errorClass=" + ERROR).body()).doesNotContain(id.toString());
		assertThat(events.status(ACME, key)).isEqualTo("failed");
	}

	private List<String> deadLetters(String name, int count, String type) {
		fixed.set(false);
		List<String> keys = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String key = run + "-" + name + "-" + i;
			keys.add(key);
			script.when(ACME, key, event -> {
				if (!fixed.get()) {
					throw new PageTestFailure("broken on purpose: " + event.idempotencyKey());
				}
			});
			events.publish(ACME, type, key);
		}
		await().atMost(Duration.ofSeconds(10))
			.until(() -> keys.stream().allMatch(key -> events.status(ACME, key).equals("failed")));
		return keys;
	}

	/** The scripted adapter failure of these tests. */
	static class PageTestFailure extends PermanentFailureException {

		PageTestFailure(String message) {
			super(message);
		}
	}
}
