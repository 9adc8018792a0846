package notifications;

import static notifications.testing.Mails.freePort;
import static notifications.testing.Mails.part;
import static notifications.testing.Mails.subject;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetup;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import notifications.intake.MailAtTime;
import notifications.testing.Mails;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Per-user preferences, the daily digest and one-click unsubscribe, in the shared application
 * context with a tenant of their own: the module's writer, sender and digest are built once more
 * around a {@link MutableClock} ahead of the real time and this class's GreenMail ({@link MailAtTime}),
 * so what they write is due only at the test's time and only this class's sender sends it. The
 * preferences are set through the real API, page and unsubscribe link.
 */
@JmlHubIntegrationTest
class NotificationPreferencesTests {

	static final int SMTP_PORT = freePort();
	static final String PASSWORD = "demo-password-1";

	@RegisterExtension
	static final GreenMailExtension smtp = new GreenMailExtension(new ServerSetup(SMTP_PORT, "127.0.0.1",
			ServerSetup.PROTOCOL_SMTP)).withPerMethodLifecycle(false);

	@LocalServerPort
	int port;

	@Autowired
	ApplicationContext context;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	JsonMapper json;

	String tenant;
	String boss;
	ApiClient admin;
	ApiClient users;
	/** 05:00 UTC of a day well ahead of the real time: before the digest hour (07:00 UTC). */
	MutableClock clock;
	MailAtTime mail;

	@BeforeEach
	void tenant() {
		tenant = TestTenants.create(transactions, jdbc, "prefs", "boss");
		boss = "boss@" + tenant;
		admin = new ApiClient(port);
		users = new ApiClient(port, PASSWORD);
		clock = new MutableClock(Instant.now().plus(Duration.ofDays(40)).truncatedTo(ChronoUnit.DAYS).plus(Duration.ofHours(5)));
		mail = new MailAtTime(context, clock, SMTP_PORT);
	}

	@Test
	void aKindTurnedOffSendsNoMailAndIsRecordedAsSkippedWithTheReason() throws Exception {
		String ann = user("ann");
		HttpResponse<String> put = users.send(at(ann), "PUT", "/v1/me/notifications",
				"{\"preferences\": {\"run_completed\": \"off\"}}");
		assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
		assertThat(json.readTree(put.body()).get("preferences").get("run_completed").asString()).isEqualTo("off");

		mail.write(tenant, NotificationKind.RUN_COMPLETED, ann, "Completed for Oona Off", "https://jml.example.test/runs/1");
		mail.write(tenant, NotificationKind.RUN_REJECTED, ann, "Rejected for Oona Off", "https://jml.example.test/runs/2");
		mail.send();

		assertThat(mailsTo(ann)).extracting(Mails::subject).containsExactly("Rejected for Oona Off");
		Map<String, Object> skipped = row(ann, "run_completed");
		assertThat(skipped.get("status")).isEqualTo("skipped");
		assertThat(skipped.get("last_error")).isEqualTo("the recipient turned run_completed mails off");
		assertThat(skipped.get("sent_at")).isNull();
	}

	@Test
	void assignmentsCannotBeTurnedOffOnlyDigestedAndUnknownKindsOrChoicesAreRefused() {
		String bea = user("bea");
		JsonNode current = json.readTree(users.get(at(bea), "/v1/me/notifications").body());
		assertThat(current.get("preferences").get("stage_assigned").asString()).isEqualTo("immediate");
		for (JsonNode kind : current.get("kinds")) {
			// work waits on assignments and escalations: digested at most
			boolean assignment = List.of("stage_assigned", "stage_escalated").contains(kind.get("kind").asString());
			assertThat(kind.get("mayTurnOff").asBoolean()).as(kind.toString()).isEqualTo(!assignment);
			assertThat(kind.get("choices").toString()).isEqualTo(assignment ? "[\"immediate\",\"digest\"]"
					: "[\"immediate\",\"digest\",\"off\"]");
		}
		assertThat(current.get("preferences").has("daily_digest")).as("the digest is not a choice").isFalse();

		HttpResponse<String> off = users.send(at(bea), "PUT", "/v1/me/notifications",
				"{\"preferences\": {\"run_completed\": \"digest\", \"stage_assigned\": \"off\"}}");
		assertThat(off.statusCode()).as(off.body()).isEqualTo(400);
		assertThat(off.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json.readTree(off.body()).get("errors").get("preferences.stage_assigned").asString())
			.isEqualTo("Stage assigned mails cannot be turned off, only digested: work waits on them");

		HttpResponse<String> unknown = users.send(at(bea), "PUT", "/v1/me/notifications",
				"{\"preferences\": {\"run_finished\": \"digest\", \"run_rejected\": \"weekly\"}}");
		assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(400);
		JsonNode errors = json.readTree(unknown.body()).get("errors");
		assertThat(errors.get("preferences.run_finished").asString()).startsWith("is not a notification kind");
		assertThat(errors.get("preferences.run_rejected").asString()).isEqualTo("is not one of immediate, digest, off");

		// nothing of the refused requests was saved
		assertThat(json.readTree(users.get(at(bea), "/v1/me/notifications").body()).get("preferences").valueStream()
			.map(JsonNode::asString)).containsOnly("immediate");

		HttpResponse<String> digest = users.send(at(bea), "PUT", "/v1/me/notifications",
				"{\"preferences\": {\"stage_assigned\": \"digest\"}}");
		assertThat(digest.statusCode()).as(digest.body()).isEqualTo(200);
		assertThat(json.readTree(digest.body()).get("preferences").get("stage_assigned").asString()).isEqualTo("digest");
		assertThat(admin.get(boss, "/v1/admin/audit?subject=" + bea).body()).contains("notifications.preferences_changed",
				"immediate → digest");
	}

	@Test
	void theDailyDigestSendsOneMailWithTheDaysItemsByKindAndASecondRunSendsNothing() throws Exception {
		String cal = user("cal");
		assertThat(users.send(at(cal), "PUT", "/v1/me/notifications",
				"{\"preferences\": {\"run_completed\": \"digest\", \"stage_assigned\": \"digest\"}}").statusCode()).isEqualTo(200);
		mail.write(tenant, NotificationKind.RUN_COMPLETED, cal, "[Tenant " + tenant + "] Completed: Dana Digest",
				"https://jml.example.test/runs/11");
		mail.write(tenant, NotificationKind.STAGE_ASSIGNED, cal, "Approval needed: Dora Digest",
				"https://jml.example.test/runs/12");
		mail.write(tenant, NotificationKind.RUN_COMPLETED, cal, "Completed: Dirk Digest", "https://jml.example.test/runs/13");
		mail.send();
		assertThat(mailsTo(cal)).as("digested, not sent").isEmpty();
		assertThat(statuses(cal)).containsOnly("digested");

		// before the digest hour: nothing yet
		mail.digest();
		mail.send();
		assertThat(mailsTo(cal)).isEmpty();

		clock.advance(Duration.ofMinutes(150));
		mail.digest();
		mail.send();
		List<MimeMessage> digests = mailsTo(cal);
		assertThat(digests).hasSize(1);
		assertThat(subject(digests.get(0))).isEqualTo("[Tenant " + tenant + "] Your daily digest: 3 notifications");
		String text = part(digests.get(0).getContent(), "text/plain");
		assertThat(text).contains("3 notification(s)", "Stage assigned (1)", "- Approval needed: Dora Digest",
				"https://jml.example.test/runs/12", "Run completed (2)", "- Completed: Dana Digest",
				"https://jml.example.test/runs/11", "- Completed: Dirk Digest", "https://jml.example.test/runs/13");
		assertThat(text.indexOf("Stage assigned")).as("grouped by kind, in the kinds' order").isLessThan(text.indexOf("Run completed"));
		assertThat(part(digests.get(0).getContent(), "text/html")).contains("href=\"https://jml.example.test/runs/12\"");
		assertThat(digests.get(0).getHeader("List-Unsubscribe")).as("the digest is no kind to turn off").isNull();
		assertThat(statuses(cal)).containsOnly("sent");
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT count(DISTINCT digest_id) FROM notifications WHERE recipient = :r AND kind <> 'daily_digest'""")
			.param("r", cal)
			.query(Long.class)
			.single())).as("each item names the digest that carried it").isEqualTo(1L);

		// the same day again: no second digest; what arrives now waits for the next day's
		mail.digest();
		mail.send();
		mail.write(tenant, NotificationKind.RUN_COMPLETED, cal, "Completed: Lou Late", "https://jml.example.test/runs/14");
		mail.digest();
		mail.send();
		assertThat(mailsTo(cal)).hasSize(1);

		clock.advance(Duration.ofDays(1));
		mail.digest();
		mail.send();
		assertThat(mailsTo(cal)).hasSize(2);
		assertThat(part(mailsTo(cal).get(1).getContent(), "text/plain")).contains("1 notification(s)", "Completed: Lou Late")
			.doesNotContain("Dana Digest");
	}

	@Test
	void aMailThatMayBeTurnedOffCarriesOneClickUnsubscribeWhosePostTurnsTheKindOffWithoutASignIn() throws Exception {
		String eve = user("eve");
		mail.write(tenant, NotificationKind.RUN_COMPLETED, eve, "Completed: Uma Unsubscribe", "https://jml.example.test/runs/21");
		mail.write(tenant, NotificationKind.STAGE_ASSIGNED, eve, "Approval needed: Uma Unsubscribe",
				"https://jml.example.test/runs/22");
		mail.send();
		MimeMessage completed = mailsTo(eve).stream().filter(m -> subject(m).startsWith("Completed")).findFirst().orElseThrow();
		MimeMessage assigned = mailsTo(eve).stream().filter(m -> subject(m).startsWith("Approval")).findFirst().orElseThrow();
		assertThat(assigned.getHeader("List-Unsubscribe")).as("assignments cannot be turned off").isNull();
		assertThat(completed.getHeader("List-Unsubscribe-Post")).containsExactly("List-Unsubscribe=One-Click");
		String header = completed.getHeader("List-Unsubscribe")[0];
		assertThat(header).matches("<http://localhost:" + port + "/unsubscribe\\?token=[A-Za-z0-9_.-]+>");
		assertThat(header).doesNotContain(eve).as("the token is signed, not the user's name");
		URI link = URI.create(header.substring(1, header.length() - 1));
		assertThat(part(completed.getContent(), "text/plain")).contains("Stop mails like this one: " + link);

		// opening the link only asks; a tampered token is refused
		HttpResponse<String> confirm = anonymous("GET", link, null);
		assertThat(confirm.statusCode()).isEqualTo(200);
		assertThat(confirm.body()).contains("Stop <strong>Run completed</strong> mails to <strong>" + eve + "</strong>?",
				"id=\"unsubscribe-form\"");
		URI tampered = URI.create(link.toString().substring(0, link.toString().length() - 2)
				+ (link.toString().endsWith("AA") ? "BB" : "AA"));
		for (String method : List.of("GET", "POST")) {
			HttpResponse<String> refused = anonymous(method, tampered, "List-Unsubscribe=One-Click");
			assertThat(refused.statusCode()).as(method).isEqualTo(400);
			assertThat(refused.body()).contains("This unsubscribe link is not valid");
		}
		HttpResponse<String> forged = anonymous("POST", URI.create("http://localhost:" + port + "/unsubscribe?token="
				+ java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(("v1\n" + tenant + "\n" + eve + "\nrun_completed")
					.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + ".demo.AAAA"), "List-Unsubscribe=One-Click");
		assertThat(forged.statusCode()).isEqualTo(400);
		assertThat(choice(eve, "run_completed")).isEqualTo("immediate");

		// the mail provider's one-click POST: no session, no CSRF token
		HttpResponse<String> unsubscribed = anonymous("POST", link, "List-Unsubscribe=One-Click");
		assertThat(unsubscribed.statusCode()).as(unsubscribed.body()).isEqualTo(200);
		assertThat(unsubscribed.body()).contains("mails are off for");
		assertThat(choice(eve, "run_completed")).isEqualTo("off");
		assertThat(choice(eve, "stage_assigned")).isEqualTo("immediate");
		assertThat(admin.get(boss, "/v1/admin/audit?subject=" + eve).body()).contains("notifications.unsubscribed",
				"one-click unsubscribe link");

		mail.write(tenant, NotificationKind.RUN_COMPLETED, eve, "Completed: Uma Again", "https://jml.example.test/runs/23");
		mail.send();
		assertThat(mailsTo(eve)).extracting(Mails::subject).doesNotContain("Completed: Uma Again");
	}

	@Test
	void aDisabledUserGetsNothingAndTheMailPageSaysWhy() {
		String dot = user("dot");
		assertThat(admin.post(boss, "/v1/admin/users/" + dot + "/disable", null).statusCode()).isEqualTo(200);
		mail.write(tenant, NotificationKind.STAGE_ASSIGNED, dot, "Approval needed: Dot Disabled",
				"https://jml.example.test/runs/31");
		mail.send();

		assertThat(mailsTo(dot)).isEmpty();
		Map<String, Object> row = row(dot, "stage_assigned");
		assertThat(row.get("status")).isEqualTo("skipped");
		assertThat(row.get("last_error")).isEqualTo("the user is disabled");
		HttpResponse<String> page = ConsoleSession.login(port, boss).get("/admin/mail?status=skipped");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("Approval needed: Dot Disabled", "the user is disabled");
	}

	@Test
	void myNotificationsPageSavesChoicesAndShowsARefusalInlineWithNothingSaved() {
		ConsoleSession session = ConsoleSession.login(port, boss);
		HttpResponse<String> page = session.get("/me/notifications");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("My notifications", "id=\"run_completed-off\"", "id=\"stage_assigned-digest\"",
				"href=\"/me/notifications\"").doesNotContain("id=\"stage_assigned-off\"");

		HttpResponse<String> saved = session.post("/me/notifications",
				Map.of("kind.run_rejected", "digest", "kind.stage_assigned", "immediate"));
		assertThat(saved.statusCode()).isEqualTo(200);
		assertThat(saved.body()).contains("Saved");
		assertThat(choice("boss", "run_rejected")).isEqualTo("digest");

		HttpResponse<String> refused = session.post("/me/notifications",
				Map.of("kind.run_rejected", "off", "kind.stage_assigned", "off"));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"stage_assigned-error\"",
				"Stage assigned mails cannot be turned off, only digested").doesNotContain("Saved");
		assertThat(choice("boss", "run_rejected")).as("nothing saved").isEqualTo("digest");
		assertThat(admin.get(boss, "/v1/admin/audit?subject=boss").body()).contains("notifications.preferences_changed");
	}

	/** Creates an enabled APPROVER {@code name} (unique) in the test's tenant; returns the username. */
	private String user(String name) {
		String username = name + "-" + UUID.randomUUID().toString().substring(0, 6);
		HttpResponse<String> created = admin.post(boss, "/v1/admin/users", """
				{"username":"%s","displayName":"%s","email":"%s@prefs.example","roles":["APPROVER"],"password":"%s"}"""
			.formatted(username, name, username, PASSWORD));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		return username;
	}

	private String at(String username) {
		return username + "@" + tenant;
	}

	private String choice(String username, String kind) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT coalesce((SELECT choice FROM notification_preferences WHERE username = :u AND kind = :k), 'immediate')""")
			.param("u", username)
			.param("k", kind)
			.query(String.class)
			.single());
	}

	private Map<String, Object> row(String recipient, String kind) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT status, last_error, sent_at FROM notifications WHERE recipient = :r AND kind = :k""")
			.param("r", recipient)
			.param("k", kind)
			.query()
			.singleRow());
	}

	private List<String> statuses(String recipient) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT status FROM notifications WHERE recipient = :r AND kind <> 'daily_digest'""")
			.param("r", recipient)
			.query(String.class)
			.list());
	}

	private List<MimeMessage> mailsTo(String username) {
		return List.of(smtp.getReceivedMessages()).stream().filter(message -> {
			try {
				return message.getRecipients(Message.RecipientType.TO)[0].toString().equals(username + "@prefs.example");
			}
			catch (MessagingException e) {
				throw new IllegalStateException(e);
			}
		}).toList();
	}

	private HttpResponse<String> anonymous(String method, URI uri, String form) {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/html");
		if (form != null && method.equals("POST")) {
			request.header("Content-Type", "application/x-www-form-urlencoded");
		}
		try {
			return HttpClient.newHttpClient().send(request.method(method, form != null && method.equals("POST")
					? HttpRequest.BodyPublishers.ofString(form) : HttpRequest.BodyPublishers.noBody()).build(),
					HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}
}
