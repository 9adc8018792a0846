package notifications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetup;

import jakarta.mail.BodyPart;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import platform.ReportingLines;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import workflow.jobs.StageReminders;

/**
 * Mail through the whole product against a real SMTP server (GreenMail, on a port of its own):
 * HR hires through the API, the joiner run activates its first stage on the real Temporal worker,
 * the outbox hands {@code workflow.stage.activated} to the notifications module, and its sender
 * delivers the assignment mail, whose link opens the decision. A redelivered event sends no second
 * mail; with the SMTP server down the mail waits, visible with its error, and is sent once when the
 * server is back. A stage's reminder cadence, escalation warning and escalation are sent by the
 * reminders job's service at the moments of a moved clock. This class's context is the only one that
 * sends (the shared ones only record).
 */
@JmlHubIntegrationTest
class MailNotificationTests {

	static final Duration TIMEOUT = Duration.ofSeconds(60);
	static final String BASE_URL = "https://jml.example.test";
	static final int SMTP_PORT = freePort();

	@RegisterExtension
	static final GreenMailExtension smtp = new GreenMailExtension(new ServerSetup(SMTP_PORT, "127.0.0.1",
			ServerSetup.PROTOCOL_SMTP)).withPerMethodLifecycle(false);

	@DynamicPropertySource
	static void mail(DynamicPropertyRegistry registry) {
		registry.add("spring.mail.host", () -> "127.0.0.1");
		registry.add("spring.mail.port", () -> SMTP_PORT);
		registry.add("jmlhub.notifications.enabled", () -> true);
		registry.add("jmlhub.notifications.poll-interval", () -> "250ms");
		registry.add("jmlhub.notifications.first-backoff", () -> "1s");
		registry.add("jmlhub.notifications.max-backoff", () -> "2s");
		registry.add("jmlhub.notifications.public-base-url", () -> BASE_URL + "/");
	}

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	ApiClient api;

	@BeforeEach
	void client() {
		api = new ApiClient(port);
	}

	@Test
	void theAssigneeOfAnActivatedStageGetsOneMailWhoseLinkOpensTheDecision() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Mila Mailer");

		MimeMessage mail = awaitOneMail(assignment);
		assertThat(mail.getSubject()).isEqualTo("[Acme Corp] Approval needed: Manager approval for " + assignment.employee());
		assertThat(mail.getFrom()[0].toString()).contains("jmlhub@localhost");
		String link = BASE_URL + "/runs/" + assignment.run();
		assertThat(part(mail.getContent(), "text/plain")).contains("Hello ", "Acme Corp", assignment.employee(),
				"Manager approval", "Due:", "Open the decision: " + link);
		assertThat(part(mail.getContent(), "text/html")).contains("href=\"" + link + "\"", assignment.employee());

		// the link opens the decision for the assignee
		ConsoleSession session = ConsoleSession.login(port, assignment.assignee());
		HttpResponse<String> decision = session.get(URI.create(link).getPath());
		assertThat(decision.statusCode()).isEqualTo(200);
		assertThat(decision.body()).contains(assignment.employee(), "Approve");

		Map<String, Object> row = awaitRow(assignment, "sent");
		assertThat(row.get("attempts")).isEqualTo(1);
		assertThat(row.get("email")).isEqualTo(assignment.email());
		assertThat(row.get("sent_at")).isNotNull();

		// the admin's Mail page lists it as sent
		HttpResponse<String> page = ConsoleSession.login(port, "ada").get("/admin/mail?status=sent");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains(assignment.employee(), assignment.email());
	}

	@Test
	void aRedeliveredEventSendsNoSecondMail() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Remy Redelivered");
		awaitOneMail(assignment);
		awaitRow(assignment, "sent");

		// the outbox delivers the stage's activation again, as after a lost acknowledgement
		int reset = transactions.inTenant("acme", () -> jdbc.sql("""
				UPDATE outbox_events SET status = 'pending', available_at = now(), claim_token = NULL, claimed_by = NULL,
				    lease_until = NULL, delivered_at = NULL
				WHERE event_type = 'workflow.stage.activated' AND aggregate_id = :run""")
			.param("run", assignment.run())
			.update());
		assertThat(reset).isEqualTo(1);
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).until(() -> "delivered".equals(transactions
			.readInTenant("acme", () -> jdbc.sql("""
					SELECT status FROM outbox_events WHERE event_type = 'workflow.stage.activated' AND aggregate_id = :run""")
				.param("run", assignment.run())
				.query(String.class)
				.single())));
		// give a wrongly written second row time to be sent
		Thread.sleep(1500);

		assertThat(mailsTo(assignment)).hasSize(1);
		assertThat(rows(assignment)).hasSize(1);
	}

	@Test
	void withTheSmtpServerDownTheMailWaitsVisiblyAndIsSentOnceWhenItIsBack() throws Exception {
		smtp.stop();
		Assignment assignment;
		try {
			assignment = hireAndAwaitAssignment("Otto Outage");
			await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
				Map<String, Object> row = rows(assignment).get(0);
				assertThat(row.get("status")).isEqualTo("pending");
				assertThat((Integer) row.get("attempts")).isGreaterThanOrEqualTo(2);
				assertThat((String) row.get("last_error")).isNotBlank();
			});
			// visible on the Mail page, with its error (unfiltered: an attempt may hold it as sending just now)
			HttpResponse<String> page = ConsoleSession.login(port, "ada").get("/admin/mail");
			assertThat(page.body()).contains(assignment.employee(), "next attempt", "Connection refused");
		}
		finally {
			smtp.start();
		}
		awaitOneMail(assignment);
		awaitRow(assignment, "sent");
		Thread.sleep(1500);
		assertThat(mailsTo(assignment)).hasSize(1);
	}

	@Test
	void aRejectedRunIsToldToTheHrUserWhoAskedAndToTheManager() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Rita Refused");
		HttpResponse<String> rejected = api.post(assignment.assignee(), "/v1/workflow-runs/" + assignment.run() + "/reject",
				"{\"stageId\": \"%s\", \"comment\": \"Not this quarter\"}".formatted(assignment.stageId()),
				UUID.randomUUID().toString());
		assertThat(rejected.statusCode()).as(rejected.body()).isEqualTo(202);

		for (String recipient : List.of("hana", "manny")) {
			Assignment told = new Assignment(assignment.run(), null, assignment.employee(), recipient,
					recipient + "@acme.example");
			await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
				.until(() -> mailsTo(told).stream().anyMatch(mail -> subject(mail).startsWith("[Acme Corp] Rejected:")));
			List<MimeMessage> outcomes = mailsTo(told).stream()
				.filter(m -> subject(m).startsWith("[Acme Corp] Rejected:"))
				.toList();
			assertThat(outcomes).hasSize(1);
			MimeMessage mail = outcomes.get(0);
			assertThat(mail.getSubject()).isEqualTo("[Acme Corp] Rejected: the joiner run for " + assignment.employee());
			assertThat(part(mail.getContent(), "text/plain")).contains("was rejected",
					"Open the run: " + BASE_URL + "/runs/" + assignment.run());
		}
	}

	@Test
	void anAdminRetriesAFailedMailAndItIsSentAndABadFilterIsRefused() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Finn Failed");
		awaitOneMail(assignment);
		awaitRow(assignment, "sent");
		// as if the server had refused it for good
		smtp.purgeEmailFromAllMailboxes();
		UUID id = transactions.inTenant("acme", () -> jdbc.sql("""
				UPDATE notifications SET status = 'failed', sent_at = NULL, last_error = '550 mailbox unavailable'
				WHERE kind = 'stage_assigned' AND recipient = :recipient AND subject LIKE :subject RETURNING id""")
			.param("recipient", assignment.assignee())
			.param("subject", "%" + assignment.employee())
			.query(UUID.class)
			.single());

		ConsoleSession ada = ConsoleSession.login(port, "ada");
		HttpResponse<String> failed = ada.get("/admin/mail?status=failed");
		assertThat(failed.body()).contains(assignment.employee(), "550 mailbox unavailable",
				"/admin/mail/" + id + "/retry");
		HttpResponse<String> retried = ada.post("/admin/mail/" + id + "/retry", Map.of("status", "failed"));
		assertThat(retried.statusCode()).isEqualTo(302);
		assertThat(ada.follow(retried).body()).contains("Retry queued");
		awaitOneMail(assignment);
		assertThat(awaitRow(assignment, "sent").get("attempts")).isEqualTo(2);

		// retrying what is not failed changes nothing
		assertThat(ada.follow(ada.post("/admin/mail/" + id + "/retry", Map.of())).body()).contains("Nothing changed");

		HttpResponse<String> bad = ada.get("/admin/mail?status=lost");
		assertThat(bad.statusCode()).isEqualTo(400);
		assertThat(bad.body()).contains("The filter is not valid: status.");
	}

	@Autowired
	StageReminders reminders;

	@Autowired
	ReportingLines employees;

	/**
	 * A manager stage with a reminder cadence and an escalation to the manager's manager: the
	 * reminders job, at the moments of a moved clock, sends the first reminder, the next ones, never
	 * more than the maximum, the warning ahead of the escalation, and escalates once, adding sara
	 * (whom HR records as manny's manager) as an approver who then decides. Every look runs twice.
	 */
	@Test
	void remindersOnTheStagesCadenceThenAWarningThenAnEscalationWhoseApproverDecides() throws Exception {
		HttpResponse<String> bossOfManny = api.post("hana", "/v1/hr/employees", """
				{"displayName": "Manny Mendes", "email": "manny@acme.example", "department": "Engineering", "manager": "sara",
				 "startDate": "%s", "allowBackdated": true}""".formatted(LocalDate.now(ZoneOffset.UTC).minusDays(1)));
		assertThat(bossOfManny.statusCode()).as(bossOfManny.body()).isIn(201, 409);
		assertThat(employees.managerOf("acme", "manny@acme.example")).contains("sara");
		JsonNode original = json.readTree(api.get("ada", "/v1/admin/definitions/joiner").body());
		ObjectNode edit = editOf(original);
		ObjectNode manager = (ObjectNode) edit.get("stages").get(0);
		manager.set("reminders", json.readTree("{\"firstAfter\":\"PT24H\",\"every\":\"PT24H\",\"max\":3}"));
		manager.set("escalation", json.readTree(
				"{\"after\":\"PT60H\",\"to\":\"manager_of_manager\",\"addApprover\":true,\"warnBefore\":\"PT12H\"}"));
		assertThat(api.send("ada", "PUT", "/v1/admin/definitions/joiner", json.writeValueAsString(edit)).statusCode()).isEqualTo(200);
		try {
			Assignment assignment = hireAndAwaitAssignment("Rhea Reminded");
			UUID stageId = UUID.fromString(assignment.stageId());
			awaitOneMail(assignment);
			MutableClock clock = new MutableClock(Instant.now());
			// the job's first look after the activation finds nothing due yet and sets when to look next
			assertThat(reminders.due("acme", clock.instant(), 10_000)).contains(stageId);
			nudgeTwice(stageId, clock);

			clock.advance(Duration.ofHours(23));
			assertThat(reminders.due("acme", clock.instant(), 10_000)).doesNotContain(stageId);
			nudgeTwice(stageId, clock);
			clock.advance(Duration.ofHours(1).plusMinutes(1));
			assertThat(reminders.due("acme", clock.instant(), 10_000)).contains(stageId);
			nudgeTwice(stageId, clock);
			awaitMails(assignment, "Reminder:", 1);

			clock.advance(Duration.ofHours(24));
			nudgeTwice(stageId, clock);
			awaitMails(assignment, "Reminder:", 2);
			awaitMails(assignment, "Escalates soon:", 1);
			MimeMessage warning = mailsTo(assignment).stream().filter(m -> subject(m).contains("Escalates soon:")).findFirst().orElseThrow();
			assertThat(part(warning.getContent(), "text/plain")).contains("escalates to the manager of the employee's manager");

			clock.advance(Duration.ofHours(12));
			nudgeTwice(stageId, clock);
			Assignment sara = new Assignment(assignment.run(), assignment.stageId(), assignment.employee(), "sara", "sara@acme.example");
			awaitMails(sara, "Escalated to you:", 1);
			MimeMessage escalated = mailsTo(sara).get(0);
			assertThat(part(escalated.getContent(), "text/plain")).contains("You were added as an approver",
					BASE_URL + "/runs/" + assignment.run());
			JsonNode stage = stage(assignment);
			assertThat(stage.get("assignees").toString()).contains("\"sara\"", "\"" + assignment.assignee() + "\"");
			assertThat(stage.get("escalatedTo").toString()).isEqualTo("[\"sara\"]");
			assertThat(stage.get("escalationNote").asString()).contains("nobody decided within PT60H", "added sara");
			assertThat(transactions.readInTenant("acme", () -> jdbc.sql("""
					SELECT count(*) FROM platform_audit WHERE action = 'stage.escalated' AND detail ->> 'subject' = :run""")
				.param("run", assignment.run().toString()).query(Integer.class).single())).isOne();
			assertThat(ConsoleSession.login(port, "sara").get("/inbox").body()).contains(assignment.employee(), "escalated to you");
			assertThat(ConsoleSession.login(port, "ada").get("/runs/" + assignment.run()).body()).contains("escalated",
					"Sara Schulz", "nobody decided within PT60H");

			clock.advance(Duration.ofHours(12));
			nudgeTwice(stageId, clock);
			awaitMails(assignment, "Reminder:", 3);
			clock.advance(Duration.ofHours(72));
			assertThat(reminders.due("acme", clock.instant(), 10_000)).doesNotContain(stageId);
			nudgeTwice(stageId, clock);
			Thread.sleep(1500);
			assertThat(mailsTo(assignment).stream().filter(m -> subject(m).contains("Reminder:"))).hasSize(3);
			assertThat(mailsTo(assignment).stream().filter(m -> subject(m).contains("Escalates soon:"))).hasSize(1);
			assertThat(mailsTo(sara).stream().filter(m -> subject(m).contains("Escalated to you:"))).hasSize(1);

			HttpResponse<String> approved = api.post("sara", "/v1/workflow-runs/" + assignment.run() + "/approve",
					"{\"stageId\": \"%s\"}".formatted(assignment.stageId()), UUID.randomUUID().toString());
			assertThat(approved.statusCode()).as(approved.body()).isEqualTo(202);
			await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200))
				.until(() -> !"active".equals(stage(assignment).get("status").asString()));
			assertThat(stage(assignment).get("approvals").asInt()).isEqualTo(1);
		}
		finally {
			assertThat(api.send("ada", "PUT", "/v1/admin/definitions/joiner", json.writeValueAsString(editOf(original))).statusCode())
				.isEqualTo(200);
		}
	}

	/** The edit that saves {@code version}'s stages as they are (the fields a save takes). */
	private ObjectNode editOf(JsonNode version) {
		ObjectNode edit = json.createObjectNode();
		ArrayNode stages = edit.putArray("stages");
		for (JsonNode stage : version.get("stages")) {
			ObjectNode copy = stages.addObject();
			for (String field : List.of("name", "title", "kind", "assignee", "requiredApprovals", "slaHours", "grants",
					"distinctFrom", "reminders", "escalation")) {
				if (stage.hasNonNull(field)) {
					copy.set(field, stage.get(field));
				}
			}
		}
		return edit;
	}

	private void nudgeTwice(UUID stageId, MutableClock clock) {
		reminders.nudge("acme", stageId, clock.instant());
		reminders.nudge("acme", stageId, clock.instant());
	}

	private void awaitMails(Assignment assignment, String subject, int count) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
			.until(() -> mailsTo(assignment).stream().filter(m -> subject(m).contains(subject)).count() >= count);
		assertThat(mailsTo(assignment).stream().filter(m -> subject(m).contains(subject))).hasSize(count);
	}

	private JsonNode stage(Assignment assignment) {
		for (JsonNode candidate : get("/v1/workflow-runs/" + assignment.run()).get("stages")) {
			if (candidate.get("id").asString().equals(assignment.stageId())) {
				return candidate;
			}
		}
		throw new AssertionError("no stage " + assignment.stageId());
	}

	private static String subject(MimeMessage mail) {
		try {
			return mail.getSubject();
		}
		catch (MessagingException e) {
			throw new IllegalStateException(e);
		}
	}

	record Assignment(UUID run, String stageId, String employee, String assignee, String email) {
	}

	/** Hires {@code name} (made unique) and waits for the joiner run's manager approval to be active. */
	private Assignment hireAndAwaitAssignment(String name) {
		String employee = name + " " + UUID.randomUUID().toString().substring(0, 6);
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName": "%s", "email": "mail-%s@acme.example", "department": "Engineering", "manager": "manny",
				 "startDate": "%s", "allowBackdated": true}""".formatted(employee, UUID.randomUUID(),
				LocalDate.now(ZoneOffset.UTC).plusDays(14)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employeeId = json.readTree(hired.body()).get("id").asString();
		AtomicReference<Assignment> assignment = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode items = get("/v1/workflow-runs?employeeId=" + employeeId).get("items");
			assertThat(items.size()).isPositive();
			UUID run = UUID.fromString(items.get(0).get("id").asString());
			JsonNode stage = null;
			for (JsonNode candidate : get("/v1/workflow-runs/" + run).get("stages")) {
				if (candidate.get("name").asString().equals("manager_approval")) {
					stage = candidate;
				}
			}
			assertThat(stage).isNotNull();
			assertThat(stage.get("status").asString()).isEqualTo("active");
			// manny, or whoever holds manny's assignments in the shared database
			String assignee = stage.get("assignees").get(0).asString();
			assignment.set(new Assignment(run, stage.get("id").asString(), employee, assignee, assignee + "@acme.example"));
		});
		return assignment.get();
	}

	private JsonNode get(String path) {
		HttpResponse<String> response = api.get("hana", path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	private MimeMessage awaitOneMail(Assignment assignment) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).until(() -> !mailsTo(assignment).isEmpty());
		List<MimeMessage> mails = mailsTo(assignment);
		assertThat(mails).hasSize(1);
		return mails.get(0);
	}

	private List<MimeMessage> mailsTo(Assignment assignment) {
		return List.of(smtp.getReceivedMessages()).stream().filter(mail -> {
			try {
				return mail.getSubject().contains(assignment.employee())
						&& mail.getRecipients(Message.RecipientType.TO)[0].toString().equals(assignment.email());
			}
			catch (MessagingException e) {
				throw new IllegalStateException(e);
			}
		}).toList();
	}

	private Map<String, Object> awaitRow(Assignment assignment, String status) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
			.until(() -> rows(assignment).size() == 1 && status.equals(rows(assignment).get(0).get("status")));
		return rows(assignment).get(0);
	}

	private List<Map<String, Object>> rows(Assignment assignment) {
		return transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT status, attempts, last_error, email, sent_at FROM notifications
				WHERE kind = 'stage_assigned' AND recipient = :recipient AND subject LIKE :subject""")
			.param("recipient", assignment.assignee())
			.param("subject", "%" + assignment.employee())
			.query()
			.listOfRows());
	}

	/** The decoded text of the first part of {@code type} in a (nested) multipart content. */
	private static String part(Object content, String type) throws Exception {
		if (content instanceof Multipart multipart) {
			for (int i = 0; i < multipart.getCount(); i++) {
				BodyPart part = multipart.getBodyPart(i);
				String found = part.isMimeType(type) ? (String) part.getContent() : part(part.getContent(), type);
				if (found != null) {
					return found;
				}
			}
		}
		return null;
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
