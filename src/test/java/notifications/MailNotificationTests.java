package notifications;

import static notifications.testing.Mails.freePort;
import static notifications.testing.Mails.part;
import static notifications.testing.Mails.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import hr.EmployeeService;
import hr.jobs.AccessEndingNoticeJob;
import outbox.OutboxPublisher;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.RunProblem;
import platform.Role;
import platform.ReportingLines;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.testing.MutableClock;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
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
 * reminders job's service at the moments of a moved clock. Its context is the only one that sends
 * ({@link SendingContext}).
 */
@JmlHubIntegrationTest
class MailNotificationTests extends SendingContext {

	static final Duration TIMEOUT = Duration.ofSeconds(60);

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	EmployeeService employees;

	@Autowired
	UserDirectory users;

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
				WHERE event_type = 'workflow.stage.activated' AND consumer = 'notifications' AND aggregate_id = :run""")
			.param("run", assignment.run())
			.update());
		assertThat(reset).isEqualTo(1);
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).until(() -> "delivered".equals(transactions
			.readInTenant("acme", () -> jdbc.sql("""
					SELECT status FROM outbox_events WHERE event_type = 'workflow.stage.activated' AND consumer = 'notifications' AND aggregate_id = :run""")
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
	void aRunStartingAndItsStageDecidedAreEventsForTheWebhooksOfATenantWithAnEndpoint() {
		HttpResponse<String> registered = api.post("ada", "/v1/admin/webhooks", """
				{"url": "https://hooks.example.test/jml", "events": ["workflow.run.started", "workflow.stage.decided"]}""");
		assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
		String endpoint = json.readTree(registered.body()).get("id").asString();
		try {
			Assignment assignment = hireAndAwaitAssignment("Sid Started");
			HttpResponse<String> returned = api.post(assignment.assignee(), "/v1/workflow-runs/" + assignment.run()
					+ "/return", "{\"stageId\": \"%s\", \"comment\": \"Which laptop?\"}".formatted(assignment.stageId()),
					UUID.randomUUID().toString());
			assertThat(returned.statusCode()).as(returned.body()).isEqualTo(202);

			JsonNode started = awaitWebhookEvent("workflow.run.started", assignment.run());
			assertThat(started.get("runId").asString()).isEqualTo(assignment.run().toString());
			assertThat(started.get("employeeName").asString()).isEqualTo(assignment.employee());
			assertThat(started.get("definition").asString()).isEqualTo("joiner");
			assertThat(started.get("requestedBy").asString()).isEqualTo("hana");
			JsonNode decided = awaitWebhookEvent("workflow.stage.decided", assignment.run());
			assertThat(decided.get("stageId").asString()).isEqualTo(assignment.stageId());
			assertThat(decided.get("decision").asString()).isEqualTo("returned");
			assertThat(decided.get("decidedBy").asString()).isEqualTo(assignment.assignee());
			assertThat(decided.get("comment").asString()).isEqualTo("Which laptop?");
		}
		finally {
			assertThat(api.send("ada", "DELETE", "/v1/admin/webhooks/" + endpoint, null).statusCode()).isEqualTo(204);
		}
	}

	/** The payload of the webhooks' row of the run's event of {@code type}, once it is stored. */
	private JsonNode awaitWebhookEvent(String type, UUID run) {
		AtomicReference<String> payload = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).until(() -> {
			payload.set(transactions.readInTenant("acme", () -> jdbc.sql("""
					SELECT payload::text FROM outbox_events
					WHERE event_type = :type AND consumer = 'notifications.webhooks' AND aggregate_id = :run""")
				.param("type", type)
				.param("run", run)
				.query(String.class)
				.optional()
				.orElse(null)));
			return payload.get() != null;
		});
		return json.readTree(payload.get());
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

	@Test
	void aReturnedRunIsToldToTheHrUserWhoAskedWithTheApproversCommentEscaped() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Ruth Returned");
		String comment = "Check the <b>start date</b> & \"notice\"";
		HttpResponse<String> returned = api.post(assignment.assignee(), "/v1/workflow-runs/" + assignment.run() + "/return",
				json.writeValueAsString(Map.of("stageId", assignment.stageId(), "comment", comment)),
				UUID.randomUUID().toString());
		assertThat(returned.statusCode()).as(returned.body()).isEqualTo(202);

		String subject = "[Acme Corp] Returned: the joiner run for " + assignment.employee();
		MimeMessage mail = awaitOneMail("hana@acme.example", subject);
		String link = BASE_URL + "/runs/" + assignment.run();
		assertThat(part(mail.getContent(), "text/plain")).contains("returned to you at the stage \"Manager approval\"",
				comment, "Open the run: " + link);
		String html = part(mail.getContent(), "text/html");
		assertThat(html).contains("href=\"" + link + "\"", "&lt;b&gt;start date&lt;/b&gt; &amp; &quot;notice&quot;")
			.doesNotContain("<b>start date</b>");
		// the link opens the run for HR, with the action that edits and resubmits it
		HttpResponse<String> page = ConsoleSession.login(port, "hana").get(URI.create(link).getPath());
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains(assignment.employee(), "Resubmit");
	}

	@Test
	void theAdminsAreToldOfARunTheyMustRepairAndOfAFailedEffectOnceAndNoNameReachesAHeader() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Adam Admin");
		List<String> admins = transactions.readInTenant("acme", () -> users.withRole(Role.ADMIN)
			.stream()
			.map(UserDirectory.DirectoryUser::email)
			.filter(email -> email != null && !email.isBlank())
			.toList());
		assertThat(admins).contains("ada@acme.example");
		// a name with a line break and a header after it, and markup
		String hostile = "Mallory " + assignment.employee() + "\r\nBcc: evil@attacker.example\n<script>alert(1)</script>";
		transactions.runInTenant("acme", () -> outbox.publish(new RunNeedsAdmin(assignment.run(), RunDefinition.JOINER,
				hostile, RunProblem.START_FAILED, "Temporal refused the start", Instant.now())));
		// an effect on a directory that does not exist fails for good at its first attempt
		String changeKey = "mail-" + UUID.randomUUID();
		transactions.runInTenant("acme", () -> jdbc.sql("""
				INSERT INTO provisioning_effects (id, tenant_id, change_key, run_id, stage_id, grant_label, employee_id,
				  target_key, operation, status, scheduled_for, next_attempt_at, request, created_at)
				VALUES (:id, 'acme', :key, :run, :stage, 'accounts', :employee, 'gone-ldap', 'ensure', 'scheduled', now(),
				  now(), CAST(:request AS jsonb), now())""")
			.param("id", UUID.randomUUID())
			.param("key", changeKey)
			.param("run", assignment.run())
			.param("stage", UUID.fromString(assignment.stageId()))
			.param("employee", UUID.randomUUID())
			.param("request", json.writeValueAsString(Map.of("employee", Map.of("displayName", hostile))))
			.update());

		String startFailed = "[Acme Corp] Failed to start: the joiner run for Mallory " + assignment.employee()
				+ " Bcc: evil@attacker.example <script>alert(1)</script>";
		String effectFailed = "[Acme Corp] Provisioning failed: ensure on gone-ldap for Mallory " + assignment.employee()
				+ " Bcc: evil@attacker.example <script>alert(1)</script>";
		String link = BASE_URL + "/runs/" + assignment.run();
		MimeMessage toAda = awaitOneMail("ada@acme.example", startFailed);
		assertThat(toAda.getHeader("Bcc")).isNull();
		assertThat(toAda.getAllRecipients()).extracting(Object::toString).containsExactly("ada@acme.example");
		assertThat(part(toAda.getContent(), "text/plain")).contains("failed to start", "Temporal refused the start",
				"Open the run: " + link);
		assertThat(part(toAda.getContent(), "text/html")).contains("&lt;script&gt;alert(1)&lt;/script&gt;",
				"href=\"" + link + "\"").doesNotContain("<script>");
		MimeMessage effect = awaitOneMail("ada@acme.example", effectFailed);
		// told: the failed effect leaves the shared database
		transactions.runInTenant("acme", () -> jdbc.sql("DELETE FROM provisioning_effects WHERE change_key = :key")
			.param("key", changeKey)
			.update());
		assertThat(part(effect.getContent(), "text/plain")).contains("failed for good after 1 attempt(s)", "gone-ldap",
				"The target gone-ldap no longer exists", "Open the run: " + link);
		for (String admin : admins) {
			awaitOneMail(admin, startFailed);
		}
		assertThat(List.of(smtp.getReceivedMessages())).noneMatch(mail -> recipientsOf(mail).contains("evil@attacker.example"));
		// the link opens the run, with Repair for the admin
		HttpResponse<String> page = ConsoleSession.login(port, "ada").get(URI.create(link).getPath());
		assertThat(page.statusCode()).isEqualTo(200);

		// the outbox delivers both again, as after a lost acknowledgement: no second mail
		int reset = transactions.inTenant("acme", () -> jdbc.sql("""
				UPDATE outbox_events SET status = 'pending', available_at = now(), claim_token = NULL, claimed_by = NULL,
				    lease_until = NULL, delivered_at = NULL
				WHERE event_type IN ('workflow.run.needs_admin', 'provisioning.effect.failed') AND consumer = 'notifications'
				  AND aggregate_id = :run""")
			.param("run", assignment.run())
			.update());
		assertThat(reset).isEqualTo(2);
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).until(() -> transactions.readInTenant("acme",
				() -> jdbc.sql("""
						SELECT count(*) FROM outbox_events WHERE event_type IN ('workflow.run.needs_admin',
						    'provisioning.effect.failed') AND consumer = 'notifications' AND aggregate_id = :run AND status = 'delivered'""")
					.param("run", assignment.run())
					.query(Integer.class)
					.single()) == 2);
		Thread.sleep(1500);
		assertThat(mailsTo("ada@acme.example", startFailed)).hasSize(1);
		assertThat(mailsTo("ada@acme.example", effectFailed)).hasSize(1);
	}

	@Test
	void aNotifyStageMailsEachMemberOfItsGroupAndTheRunPageShowsWhatWasSent() throws Exception {
		// acme's hr group is empty (other tests rely on it): members for this run only
		List<String> hr = List.of("hana", "sam");
		hr.forEach(member -> assertThat(api.send("ada", "PUT", "/v1/admin/groups/hr/members/" + member, null).statusCode())
			.isLessThan(300));
		try {
			notifyStageMails(hr);
		}
		finally {
			hr.forEach(member -> api.send("ada", "DELETE", "/v1/admin/groups/hr/members/" + member, null));
		}
	}

	private void notifyStageMails(List<String> hr) throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Nora Notified");
		approve(assignment.run(), "manager_approval", 1);
		approve(assignment.run(), "it_access", 1);
		approve(assignment.run(), "security_approval", 2);
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
			.until(() -> get("/v1/workflow-runs/" + assignment.run()).get("status").asString().equals("completed"));
		JsonNode notify = stage(get("/v1/workflow-runs/" + assignment.run()), "notify_hr");
		List<String> members = new java.util.ArrayList<>();
		notify.get("assignees").forEach(member -> members.add(member.asString()));
		assertThat(members).containsExactlyInAnyOrderElementsOf(hr);

		String subject = "[Acme Corp] Notify HR: the joiner run for " + assignment.employee();
		String link = BASE_URL + "/runs/" + assignment.run();
		for (String member : members) {
			MimeMessage mail = awaitOneMail(member + "@acme.example", subject);
			assertThat(part(mail.getContent(), "text/plain")).contains("For your information", "Open the run: " + link);
		}
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).until(() -> transactions.readInTenant("acme",
				() -> jdbc.sql("SELECT count(*) FROM notifications WHERE run_id = :run AND kind = 'stage_notified' AND status = 'sent'")
					.param("run", assignment.run())
					.query(Integer.class)
					.single()) == members.size());
		UUID first = transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT id FROM notifications WHERE run_id = :run AND kind = 'stage_notified' AND recipient = :recipient""")
			.param("run", assignment.run())
			.param("recipient", members.get(0))
			.query(UUID.class)
			.single());

		// the run page says who was sent what, and how it went; the admin follows a mail to its row
		HttpResponse<String> asAdmin = ConsoleSession.login(port, "ada").get("/runs/" + assignment.run());
		assertThat(asAdmin.body()).contains("stage-mail", "data-recipient=\"" + members.get(0) + "\"",
				"/admin/mail?id=" + first, ">sent<");
		HttpResponse<String> row = ConsoleSession.login(port, "ada").get("/admin/mail?id=" + first);
		assertThat(row.statusCode()).isEqualTo(200);
		assertThat(row.body()).contains("notification-" + first, subject).contains("Showing one notification");
		HttpResponse<String> asHr = ConsoleSession.login(port, "hana").get("/runs/" + assignment.run());
		assertThat(asHr.body()).contains("stage-mail").doesNotContain("/admin/mail?id=");
	}

	@Test
	void theManagerIsToldOnceTheDayBeforeALeaversAccessEnds() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Lea Leaving");
		LocalDate today = LocalDate.of(2031, 3, 3);
		UUID employee = transactions.inTenant("acme", () -> jdbc.sql("""
				UPDATE employees SET status = 'access_ending', last_day = :lastDay
				WHERE display_name = :name RETURNING id""")
			.param("lastDay", today.plusDays(1))
			.param("name", assignment.employee())
			.query(UUID.class)
			.single());
		MutableClock clock = new MutableClock(today.atTime(6, 0).toInstant(ZoneOffset.UTC));
		AccessEndingNoticeJob job = new AccessEndingNoticeJob(employees, clock);

		job.run();
		job.run();
		String subject = "[Acme Corp] Access ends tomorrow: " + assignment.employee();
		MimeMessage mail = awaitOneMail("manny@acme.example", subject);
		assertThat(part(mail.getContent(), "text/plain")).contains("ends tomorrow", "Tue 4 Mar 2031",
				"Open the leaver run: " + BASE_URL + "/inbox");
		// on the last day itself nobody is told again (the notice is the day before)
		clock.advance(Duration.ofDays(1));
		job.run();
		Thread.sleep(1500);
		assertThat(mailsTo("manny@acme.example", subject)).hasSize(1);
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT count(*) FROM outbox_events WHERE event_type = 'hr.employee.access_ending' AND aggregate_id = :id""")
			.param("id", employee)
			.query(Integer.class)
			.single())).isEqualTo(1);
	}

	@Test
	void theAdminApiListsNotificationsByFilterAndRefusesABadFilter() throws Exception {
		Assignment assignment = hireAndAwaitAssignment("Ines Index");
		awaitOneMail(assignment);
		awaitRow(assignment, "sent");

		JsonNode page = adminList("?recipient=" + assignment.assignee() + "&kind=stage_assigned&status=sent&from="
				+ LocalDate.now(ZoneOffset.UTC).minusDays(1) + "&to=" + Instant.now().plusSeconds(3600) + "&limit=200");
		assertThat(page.get("items").valueStream().map(item -> item.get("subject").asString()))
			.anyMatch(subject -> subject.endsWith(assignment.employee()));
		for (JsonNode item : page.get("items")) {
			assertThat(item.get("recipient").asString()).isEqualTo(assignment.assignee());
			assertThat(item.get("kind").asString()).isEqualTo("stage_assigned");
			assertThat(item.get("status").asString()).isEqualTo("sent");
		}
		assertThat(adminList("?kind=stage_assigned&from=2000-01-01&to=2000-01-02").get("items")).isEmpty();
		JsonNode one = adminList("?limit=1");
		assertThat(one.get("items")).hasSize(1);
		JsonNode next = adminList("?limit=1&cursor=" + one.get("nextCursor").asString());
		assertThat(next.get("items").get(0).get("position").asLong())
			.isLessThan(one.get("items").get(0).get("position").asLong());

		Map<String, String> refusals = Map.of("kind=lost", "kind", "status=gone", "status", "from=yesterday", "from",
				"from=2030-01-02&to=2030-01-01", "to", "limit=0", "limit", "cursor=%21%21", "cursor");
		refusals.forEach((bad, field) -> {
			HttpResponse<String> refused = api.get("ada", "/v1/admin/notifications?" + bad);
			assertThat(refused.statusCode()).as(bad).isEqualTo(400);
			assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).contains("application/problem+json");
			assertThat(refused.body()).as(bad).contains("\"" + field + "\"");
		});
		assertThat(api.get("hana", "/v1/admin/notifications").statusCode()).isEqualTo(403);
	}

	private JsonNode adminList(String query) {
		HttpResponse<String> response = api.get("ada", "/v1/admin/notifications" + query);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	/** Approves the run's active stage {@code name} as its first {@code approvals} assignees. */
	private void approve(UUID run, String name, int approvals) {
		AtomicReference<JsonNode> active = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode stage = stage(get("/v1/workflow-runs/" + run), name);
			assertThat(stage.get("status").asString()).isEqualTo("active");
			active.set(stage);
		});
		for (int i = 0; i < approvals; i++) {
			String approver = active.get().get("assignees").get(i).asString();
			HttpResponse<String> approved = api.post(approver, "/v1/workflow-runs/" + run + "/approve",
					"{\"stageId\": \"%s\"}".formatted(active.get().get("id").asString()), UUID.randomUUID().toString());
			assertThat(approved.statusCode()).as(approved.body()).isEqualTo(202);
		}
	}

	private static JsonNode stage(JsonNode run, String name) {
		for (JsonNode stage : run.get("stages")) {
			if (stage.get("name").asString().equals(name)) {
				return stage;
			}
		}
		throw new AssertionError("no stage " + name + " in " + run);
	}

	private MimeMessage awaitOneMail(String email, String subject) {
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(100)).until(() -> !mailsTo(email, subject).isEmpty());
		List<MimeMessage> mails = mailsTo(email, subject);
		assertThat(mails).hasSize(1);
		return mails.get(0);
	}

	private List<MimeMessage> mailsTo(String email, String subject) {
		return List.of(smtp.getReceivedMessages()).stream()
			.filter(mail -> subject.equals(subject(mail)) && recipientsOf(mail).contains(email))
			.toList();
	}

	private static List<String> recipientsOf(MimeMessage mail) {
		try {
			return mail.getAllRecipients() == null ? List.of()
					: java.util.Arrays.stream(mail.getAllRecipients()).map(Object::toString).toList();
		}
		catch (MessagingException e) {
			throw new IllegalStateException(e);
		}
	}

	@Autowired
	StageReminders reminders;

	@Autowired
	ReportingLines reportingLines;

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
		assertThat(reportingLines.managerOf("acme", "manny@acme.example")).contains("sara");
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
}
