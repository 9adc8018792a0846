package notifications.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import io.micrometer.core.instrument.MeterRegistry;
import notifications.intake.AdminNotices;
import outbox.OutboxPublisher;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import outbox.catalog.RunReturned;
import platform.AppUser;
import platform.DomainException;
import platform.OutageLog;
import platform.PlatformAudit;
import platform.Role;
import platform.SecretStore;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Webhook delivery against a real HTTP server on this machine, on the real database: the service,
 * intake and sender are built around the test's {@link MutableClock}, set a year ahead, so the
 * application's own sender (on the real clock) never finds these deliveries due; a test moves time
 * and works a round, nothing waits. Signatures are checked with {@link StandardWebhooksVerifier},
 * written from the specification.
 */
@JmlHubIntegrationTest
class WebhookDeliveryTests {

	static final AppUser ADA = new AppUser("ada", "acme", "Acme", "Ada Admin", Set.of(Role.ADMIN), Set.of(), true,
			"unused");

	@Autowired
	TenantTransactions transactions;

	@Autowired
	EndpointRepository endpoints;

	@Autowired
	DeliveryRepository deliveries;

	@Autowired
	SecretStore secrets;

	@Autowired
	PlatformAudit audit;

	@Autowired
	JsonMapper json;

	@Autowired
	MeterRegistry meters;

	@Autowired
	OutageLog outages;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	WebhookInterest interest;

	@Autowired
	AdminNotices notices;

	MutableClock clock;
	WebhookReceiver receiver;
	Webhooks webhooks;
	WebhookSender sender;
	WebhookIntake intake;

	@BeforeEach
	void setUp() {
		// whole microseconds, as the database keeps them
		clock = new MutableClock(Instant.now().plus(Duration.ofDays(400)).truncatedTo(ChronoUnit.MICROS));
		receiver = new WebhookReceiver();
		build(true, true);
		removeTestEndpoints();
	}

	private void build(boolean allowPrivate, boolean demo) {
		WebhookProperties properties = new WebhookProperties(true, allowPrivate, Duration.ofMillis(100),
				Duration.ofMinutes(5), 20, 2, Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(30),
				Duration.ofMinutes(30), Duration.ofDays(3), Duration.ofDays(1));
		AddressGuard guard = new AddressGuard(properties, demo);
		DeliveryLedger ledger = new DeliveryLedger(deliveries, endpoints, audit, properties, interest, notices);
		sender = new WebhookSender(transactions, ledger, secrets, guard, properties, clock, meters, outages);
		webhooks = new Webhooks(transactions, endpoints, deliveries, secrets, audit, guard, sender, interest, clock,
				demo);
		intake = new WebhookIntake(endpoints, deliveries, sender, json, clock);
	}

	@AfterEach
	void tearDown() {
		receiver.close();
		removeTestEndpoints();
	}

	/** Endpoints of these tests (this one's, or another's that failed before deleting its own) receive nothing more. */
	private void removeTestEndpoints() {
		for (Endpoint endpoint : webhooks.list("acme")) {
			if (endpoint.url().startsWith(receiver.url()) || endpoint.url().startsWith(receiver.localhostUrl())
					|| endpoint.url().contains("example.test")) {
				webhooks.delete(ADA, endpoint.id());
			}
		}
	}

	@Test
	void theOutboxStoresTheWebhooksRowOfAnEventOnlyInTenantsWithAnEnabledEndpointForItsType() {
		String without = TestTenants.create(transactions, jdbc, "nohooks", "wes");
		String with = TestTenants.create(transactions, jdbc, "hooks", "hal");
		AppUser hal = new AppUser("hal", with, "Hooks", "Hal Admin", Set.of(Role.ADMIN), Set.of(), true, "unused");
		CreatedEndpoint created = webhooks.register(hal, receiver.url(), List.of(RunFinished.TYPE));

		String quiet = finished(without);
		String heard = finished(with);
		String returned = returned(with);
		// the other consumers' rows are stored wherever the event is published
		assertThat(rows(without, quiet, "notifications")).isOne();
		assertThat(rows(without, quiet, WebhookConsumer.CONSUMER)).isZero();
		assertThat(rows(with, heard, WebhookConsumer.CONSUMER)).isOne();
		assertThat(rows(with, returned, WebhookConsumer.CONSUMER)).isZero();
		assertThat(rows(with, returned, "notifications")).isOne();

		// an endpoint for every type: every one of the tenant's events
		CreatedEndpoint all = webhooks.register(hal, receiver.url() + "/all", List.of("*"));
		assertThat(rows(with, returned(with), WebhookConsumer.CONSUMER)).isOne();

		// deleted, they want nothing more
		webhooks.delete(hal, all.endpoint().id());
		webhooks.delete(hal, created.endpoint().id());
		assertThat(rows(with, finished(with), WebhookConsumer.CONSUMER)).isZero();
		assertThat(rows(with, returned(with), WebhookConsumer.CONSUMER)).isZero();
	}

	/** A concluded run's ending published in {@code tenant}; its idempotency key. */
	private String finished(String tenant) {
		RunFinished event = new RunFinished(UUID.randomUUID(), UUID.randomUUID(), RunDefinition.JOINER,
				RunOutcome.COMPLETED, null, null, "Wynn Webhook", null, null);
		transactions.runInTenant(tenant, () -> outbox.publish(event));
		return event.idempotencyKey();
	}

	/** A run returned to nobody (no HR user asked for it) published in {@code tenant}; its idempotency key. */
	private String returned(String tenant) {
		RunReturned event = new RunReturned(UUID.randomUUID(), UUID.randomUUID(), 1, "Manager approval",
				RunDefinition.JOINER, "Rory Returned", null, "manny", null);
		transactions.runInTenant(tenant, () -> outbox.publish(event));
		return event.idempotencyKey();
	}

	private int rows(String tenant, String key, String consumer) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT count(*) FROM outbox_events WHERE idempotency_key = :key AND consumer = :consumer""")
			.param("key", key)
			.param("consumer", consumer)
			.query(Integer.class)
			.single());
	}

	@Test
	void theSpecificationsOwnExampleVerifiesAndTheSignerAgrees() {
		// the example of the Standard Webhooks specification
		String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
		String body = "{\"test\": 2432232314}";
		String expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
		assertThat(StandardWebhooksVerifier.verify(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", body,
				expected, 1614265330, 300)).isTrue();
		assertThat(StandardWebhooksVerifier.verify(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", body + " ",
				expected, 1614265330, 300)).isFalse();
		assertThat(WebhookSignature.sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).isEqualTo(expected);
	}

	@Test
	void aSubscribedEventArrivesSignedOnceAndIsLoggedAndRedelivered() {
		CreatedEndpoint created = webhooks.register(ADA, receiver.url(), List.of(EmployeeHired.TYPE));
		assertThat(created.secret()).matches("whsec_[A-Za-z0-9+/]{43}=");
		UUID eventId = UUID.randomUUID();
		EmployeeHired hired = new EmployeeHired(UUID.randomUUID(), "Wendy Webhook", "wendy@acme.example", "Engineering",
				"manny", LocalDate.of(2031, 1, 15));

		assertThat(accept(hired, eventId)).isEqualTo(1);
		assertThat(accept(hired, eventId)).as("a redelivered event adds nothing").isZero();
		assertThat(accept(new EmployeeOffboarded(UUID.randomUUID(), "Other", "o@acme.example", "Sales", "manny",
				LocalDate.of(2031, 2, 1)), UUID.randomUUID())).as("not subscribed").isZero();

		assertThat(work()).isEqualTo(1);
		List<WebhookReceiver.Received> got = receiver.received("msg_" + eventId);
		assertThat(got).hasSize(1);
		WebhookReceiver.Received request = got.get(0);
		assertThat(request.contentType()).isEqualTo("application/json");
		assertThat(request.timestamp()).isEqualTo(Long.toString(clock.instant().getEpochSecond()));
		assertThat(StandardWebhooksVerifier.verify(created.secret(), request.id(), request.timestamp(), request.body(),
				request.signature(), clock.instant().getEpochSecond(), 300)).isTrue();
		assertThat(StandardWebhooksVerifier.verify(created.secret(), request.id(), request.timestamp(),
				request.body().replace("Wendy", "Mallory"), request.signature(), clock.instant().getEpochSecond(), 300))
			.as("a changed body fails verification").isFalse();
		JsonNode payload = json.readTree(request.body());
		assertThat(payload.path("type").asString()).isEqualTo(EmployeeHired.TYPE);
		assertThat(payload.path("data").path("displayName").asString()).isEqualTo("Wendy Webhook");
		assertThat(payload.path("timestamp").asString()).isNotBlank();

		DeliveryLogEntry logged = single(created.endpoint().id());
		assertThat(logged.status()).isEqualTo("delivered");
		assertThat(logged.responseCode()).isEqualTo(200);
		assertThat(logged.durationMs()).isNotNull().isGreaterThanOrEqualTo(0);
		assertThat(logged.attempts()).isEqualTo(1);

		webhooks.redeliver(ADA, created.endpoint().id(), logged.id());
		assertThat(work()).isEqualTo(1);
		assertThat(receiver.received("msg_" + eventId)).hasSize(2)
			.allSatisfy(again -> assertThat(again.body()).isEqualTo(request.body()));
		assertThat(audit.recent("acme", "webhook.", 10)).extracting(r -> r.action())
			.contains("webhook.endpoint.created", "webhook.delivery.redelivered");
	}

	/**
	 * The whole path: an event published through the outbox reaches the webhooks' own consumer row,
	 * which writes the delivery, and the application's sender (on the real clock) delivers it signed.
	 * A grant of a label no entitlement maps changes nothing elsewhere.
	 */
	@Test
	void anEventPublishedThroughTheOutboxIsDeliveredByTheApplication() {
		CreatedEndpoint created = webhooks.register(ADA, receiver.url(), List.of(GrantRecorded.TYPE));
		String label = "webhook-" + UUID.randomUUID();
		transactions.runInTenant("acme", () -> outbox.publish(new GrantRecorded(UUID.randomUUID(), UUID.randomUUID(),
				label, UUID.randomUUID(), GrantState.GRANTED)));

		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
			.until(() -> receiver.received().stream().anyMatch(request -> request.body().contains(label)));
		WebhookReceiver.Received request = receiver.received().stream()
			.filter(candidate -> candidate.body().contains(label))
			.findFirst()
			.orElseThrow();
		assertThat(StandardWebhooksVerifier.verify(created.secret(), request.id(), request.timestamp(), request.body(),
				request.signature(), Long.parseLong(request.timestamp()), 300)).isTrue();
		assertThat(json.readTree(request.body()).path("type").asString()).isEqualTo(GrantRecorded.TYPE);
		await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200))
			.until(() -> "delivered".equals(single(created.endpoint().id()).status()));
	}

	@Test
	void aFailedDeliveryIsRetriedWithBackoffAndSucceedsOnce() {
		CreatedEndpoint created = webhooks.register(ADA, receiver.url(), List.of("*"));
		receiver.answer(500);
		UUID eventId = UUID.randomUUID();
		accept(hire("Rita Retry"), eventId);

		Instant first = clock.instant();
		assertThat(work()).isEqualTo(1);
		DeliveryLogEntry failed = single(created.endpoint().id());
		assertThat(failed.status()).isEqualTo("pending");
		assertThat(failed.responseCode()).isEqualTo(500);
		assertThat(failed.lastError()).isEqualTo("HTTP 500");
		assertThat(failed.nextAttemptAt()).isEqualTo(first.plusSeconds(30));
		assertThat(webhooks.get("acme", created.endpoint().id()).failingSince()).isEqualTo(first);

		clock.advance(Duration.ofSeconds(29));
		assertThat(work()).as("not due before the backoff").isZero();
		clock.advance(Duration.ofSeconds(1));
		assertThat(work()).isEqualTo(1);

		assertThat(receiver.received("msg_" + eventId)).hasSize(2);
		DeliveryLogEntry delivered = single(created.endpoint().id());
		assertThat(delivered.status()).isEqualTo("delivered");
		assertThat(delivered.attempts()).isEqualTo(2);
		assertThat(delivered.lastError()).isNull();
		assertThat(webhooks.get("acme", created.endpoint().id()).failingSince()).isNull();
		clock.advance(Duration.ofHours(1));
		assertThat(work()).as("delivered once").isZero();
	}

	@Test
	void aRedirectIsNotFollowed() {
		CreatedEndpoint created = webhooks.register(ADA, receiver.url(), List.of("*"));
		receiver.answer(307);
		accept(hire("Rob Redirect"), UUID.randomUUID());
		assertThat(work()).isEqualTo(1);
		DeliveryLogEntry logged = single(created.endpoint().id());
		assertThat(logged.responseCode()).isEqualTo(307);
		assertThat(logged.lastError()).contains("redirects are not followed");
		assertThat(receiver.received()).hasSize(1);
	}

	@Test
	void anEndpointFailingForADayIsDisabledAndItsAdminsToldByMailAndThroughTheAuditTrail() {
		// one type: with "*" the application's own events of the shared context would be delivered to it too
		CreatedEndpoint created = webhooks.register(ADA, receiver.url(), List.of(EmployeeHired.TYPE));
		UUID id = created.endpoint().id();
		receiver.answerAlways(503);
		accept(hire("Dora Down"), UUID.randomUUID());
		assertThat(work()).isEqualTo(1);

		clock.advance(Duration.ofHours(23));
		accept(hire("Dan Down"), UUID.randomUUID());
		work();
		assertThat(webhooks.get("acme", id).enabled()).as("failing for 23 h: still enabled").isTrue();

		clock.advance(Duration.ofHours(1));
		work();
		Endpoint disabled = webhooks.get("acme", id);
		assertThat(disabled.status()).as("%s", webhooks.deliveries("acme", id)).isEqualTo("disabled");
		assertThat(disabled.disabledAt()).isEqualTo(clock.instant());
		assertThat(disabled.disabledReason()).contains("HTTP 503");
		assertThat(webhooks.deliveries("acme", id)).allSatisfy(d -> assertThat(d.status()).isEqualTo("failed"));
		assertThat(audit.recent("acme", "webhook.endpoint.disabled", 5)).anySatisfy(entry -> {
			assertThat(entry.actor()).isEqualTo("system");
			assertThat(entry.detail()).contains(id.toString());
		});
		// each admin gets one mail, with the endpoint's page (this context records mail, the mail tests' one sends)
		List<java.util.Map<String, Object>> mails = transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT recipient, subject, body_text FROM notifications
				WHERE kind = 'webhook_disabled' AND source_event_id = :id""")
			.param("id", id)
			.query()
			.listOfRows());
		assertThat(mails).extracting(mail -> mail.get("recipient")).contains("ada").doesNotHaveDuplicates();
		assertThat(mails).allSatisfy(mail -> {
			assertThat((String) mail.get("subject")).isEqualTo("[Acme Corp] Webhook endpoint disabled: " + receiver.url());
			assertThat((String) mail.get("body_text")).contains("HTTP 503", "/admin/webhooks/" + id);
		});

		int before = receiver.received().size();
		assertThat(accept(hire("Nina Nothing"), UUID.randomUUID())).as("a disabled endpoint gets no deliveries").isZero();
		clock.advance(Duration.ofDays(1));
		work();
		assertThat(receiver.received()).hasSize(before);

		receiver.answerAlways(200);
		webhooks.enable(ADA, id);
		UUID eventId = UUID.randomUUID();
		assertThat(accept(hire("Erin Enabled"), eventId)).isEqualTo(1);
		work();
		assertThat(receiver.received("msg_" + eventId)).hasSize(1);
	}

	@Test
	void aPrivateAddressIsRefusedWhenSendingAndALiteralOneWhenRegistering() throws Exception {
		build(false, true);
		// a name passes registration: what it resolves to is checked on every delivery
		CreatedEndpoint created = webhooks.register(ADA, receiver.localhostUrl(), List.of("*"));
		accept(hire("Sam Ssrf"), UUID.randomUUID());
		assertThat(work()).isEqualTo(1);
		DeliveryLogEntry refused = single(created.endpoint().id());
		assertThat(refused.status()).as("refused for good, not retried").isEqualTo("failed");
		assertThat(refused.lastError()).contains("Refused", "loopback");
		assertThat(refused.responseCode()).isNull();
		assertThat(receiver.received()).isEmpty();

		for (String literal : List.of("https://127.0.0.1/x", "https://10.1.2.3/x", "https://169.254.169.254/latest",
				"https://[::1]/x", "https://[fd00::1]/x", "https://100.64.0.1/x", "https://192.168.1.1/x")) {
			assertThatThrownBy(() -> webhooks.register(ADA, literal, List.of("*"))).as(literal)
				.isInstanceOfSatisfying(DomainException.InvalidInput.class,
						e -> assertThat(e.fieldErrors()).containsKey("url"));
		}
		assertThat(AddressGuard.inside(InetAddress.getByName("8.8.8.8"))).isFalse();
		assertThat(AddressGuard.inside(InetAddress.getByName("2001:4860:4860::8888"))).isFalse();
		assertThat(AddressGuard.inside(InetAddress.getByName("172.16.0.1"))).isTrue();
	}

	@Test
	void productionTakesHttpsOnly() {
		build(false, false);
		assertThatThrownBy(() -> webhooks.register(ADA, "http://hooks.example.test/x", List.of("*")))
			.isInstanceOfSatisfying(DomainException.InvalidInput.class,
					e -> assertThat(e.fieldErrors()).containsEntry("url", "must be an https URL"));
		assertThat(webhooks.register(ADA, "https://hooks.example.test/x", List.of("*")).endpoint().url())
			.isEqualTo("https://hooks.example.test/x");
	}

	private EmployeeHired hire(String name) {
		return new EmployeeHired(UUID.randomUUID(), name, "someone@acme.example", "Engineering", "manny",
				LocalDate.of(2031, 1, 15));
	}

	private int accept(CatalogEvent event, UUID eventId) {
		return transactions.inTenant("acme", () -> intake.accept(event, eventId));
	}

	/** Rounds at the clock's time until nothing is due; how many deliveries were attempted. */
	private int work() {
		int attempted = 0;
		for (int round = sender.round(); round > 0; round = sender.round()) {
			attempted += round;
		}
		return attempted;
	}

	private DeliveryLogEntry single(UUID endpointId) {
		List<DeliveryLogEntry> logged = webhooks.deliveries("acme", endpointId);
		assertThat(logged).hasSize(1);
		return logged.get(0);
	}

}
