package notifications;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import notifications.delivery.NotificationProperties;
import outbox.OutboxPublisher;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mail-wave benchmark (docs/benchmarks.md), not a timed test: {@code -Dmail.wave.runs} leaver
 * runs of one tenant (20 by default, so {@code mvn verify} only checks that it works; the benchmark
 * runs 2,000) finish at once: their {@code workflow.run.finished} events are published through the
 * real outbox, the notifications module writes each run's "completed" mail to the HR user who asked
 * and to the employee's manager, and the sender delivers them to GreenMail. Measured: mails per
 * second from the first publish until the last mail arrived. Meanwhile another tenant's approvers
 * decide {@code -Dmail.wave.approvals} stages through the API, one at a time, and the time each
 * approval takes to answer is compared with as many approvals made before the wave.
 */
@JmlHubIntegrationTest
class MailWaveBenchmarkTests extends SendingContext {

	static final int RUNS = Integer.getInteger("mail.wave.runs", 20);
	static final int APPROVALS = Integer.getInteger("mail.wave.approvals", 3);
	static final int MANAGERS = 10;
	/** Runs published per transaction: the workflow publishes each run's ending in its own; a few together keep the publisher from being the bottleneck. */
	static final int PER_TRANSACTION = 20;

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
	NotificationProperties properties;

	@Test
	void aWaveOfFinishedRunsMailsTheirOutcomesWhileAnotherTenantApproves() throws Exception {
		String tenant = TestTenants.create(transactions, jdbc, "mailwave", "wanda");
		String domain = tenant + ".example";
		users(tenant, domain);
		ApiClient api = new ApiClient(port);
		List<Stage> before = new ArrayList<>();
		List<Stage> during = new ArrayList<>();
		for (int i = 0; i < APPROVALS; i++) {
			before.add(hireAndAwaitStage(api, "Bea Before" + i));
			during.add(hireAndAwaitStage(api, "Dan During" + i));
		}
		List<Duration> usual = new ArrayList<>();
		for (Stage stage : before) {
			usual.add(approve(api, stage));
			Thread.sleep(300);
		}

		int expected = RUNS * 2;
		Instant from = Instant.now();
		CompletableFuture<Void> wave = CompletableFuture.runAsync(() -> publish(tenant));
		List<Duration> meanwhile = new ArrayList<>();
		for (Stage stage : during) {
			Thread.sleep(300);
			meanwhile.add(approve(api, stage));
		}
		wave.get();
		Instant published = Instant.now();
		AtomicReference<Instant> last = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60).plusMillis(expected * 50L)).pollInterval(Duration.ofMillis(100))
			.until(() -> {
				int arrived = smtp.getReceivedMessagesForDomain(domain).length;
				last.set(Instant.now());
				return arrived >= expected;
			});
		Thread.sleep(1000);
		assertThat(smtp.getReceivedMessagesForDomain(domain)).hasSize(expected);
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT count(*) FROM notifications WHERE kind = 'run_completed' AND status = 'sent'""")
			.query(Integer.class).single())).isEqualTo(expected);

		Duration took = Duration.between(from, last.get());
		Instant written = transactions.readInTenant(tenant, () -> jdbc.sql("SELECT max(created_at) FROM notifications")
			.query(java.sql.Timestamp.class).single().toInstant());
		usual.sort(Comparator.naturalOrder());
		meanwhile.sort(Comparator.naturalOrder());
		System.out.printf("Mail wave: %d runs finished at once (published in %d ms), their %d mails written after %d ms "
				+ "and in GreenMail after %d ms (%.0f mails/s; batch %d)%n", RUNS, Duration.between(from, published).toMillis(),
				expected, Duration.between(from, written).toMillis(), took.toMillis(),
				expected * 1000.0 / Math.max(1, took.toMillis()), properties.batchSize());
		System.out.printf("Another tenant's approvals: before the wave a median %d ms, at most %d ms; during it a median %d ms, "
				+ "at most %d ms (%d each)%n", median(usual), usual.get(usual.size() - 1).toMillis(), median(meanwhile),
				meanwhile.get(meanwhile.size() - 1).toMillis(), APPROVALS);
	}

	/** Every run's ending in transactions of {@link #PER_TRANSACTION}, back to back. */
	private void publish(String tenant) {
		for (int first = 0; first < RUNS; first += PER_TRANSACTION) {
			int from = first;
			transactions.runInTenant(tenant, () -> {
				for (int i = from; i < Math.min(RUNS, from + PER_TRANSACTION); i++) {
					outbox.publish(new RunFinished(UUID.randomUUID(), UUID.randomUUID(), RunDefinition.LEAVER,
							RunOutcome.COMPLETED, null, null, "Lou Leaver" + i, "hugo", "mgr" + (i % MANAGERS)));
				}
			});
		}
	}

	/** The HR user who asked for the runs and the managers, each with an address in {@code domain}. */
	private void users(String tenant, String domain) {
		transactions.runInTenant(tenant, () -> {
			List<String> names = new ArrayList<>(List.of("hugo"));
			for (int i = 0; i < MANAGERS; i++) {
				names.add("mgr" + i);
			}
			for (String name : names) {
				jdbc.sql("""
						INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
						VALUES (:u, :t, :u, :email, '{noop}unused')""")
					.param("u", name).param("t", tenant).param("email", name + "@" + domain).update();
			}
		});
	}

	record Stage(UUID run, String stageId, String assignee) {
	}

	/** Hires {@code name} in acme and waits for the joiner run's manager approval to be active. */
	private Stage hireAndAwaitStage(ApiClient api, String name) {
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName": "%s", "email": "wave-%s@acme.example", "department": "Engineering", "manager": "manny",
				 "startDate": "%s", "allowBackdated": true}""".formatted(name + " " + UUID.randomUUID().toString().substring(0, 6),
				UUID.randomUUID(), LocalDate.now(ZoneOffset.UTC).plusDays(14)));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employeeId = json.readTree(hired.body()).get("id").asString();
		AtomicReference<Stage> stage = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
			JsonNode items = get(api, "/v1/workflow-runs?employeeId=" + employeeId).get("items");
			assertThat(items.size()).isPositive();
			UUID run = UUID.fromString(items.get(0).get("id").asString());
			for (JsonNode candidate : get(api, "/v1/workflow-runs/" + run).get("stages")) {
				if (candidate.get("name").asString().equals("manager_approval")
						&& candidate.get("status").asString().equals("active")) {
					stage.set(new Stage(run, candidate.get("id").asString(), candidate.get("assignees").get(0).asString()));
				}
			}
			assertThat(stage.get()).isNotNull();
		});
		return stage.get();
	}

	/** Approves the stage as its assignee; how long the API took to answer. */
	private Duration approve(ApiClient api, Stage stage) {
		Instant from = Instant.now();
		HttpResponse<String> approved = api.post(stage.assignee(), "/v1/workflow-runs/" + stage.run() + "/approve",
				"{\"stageId\": \"%s\"}".formatted(stage.stageId()), UUID.randomUUID().toString());
		Duration took = Duration.between(from, Instant.now());
		assertThat(approved.statusCode()).as(approved.body()).isEqualTo(202);
		return took;
	}

	private JsonNode get(ApiClient api, String path) {
		HttpResponse<String> response = api.get("hana", path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	private static long median(List<Duration> sorted) {
		return sorted.get(sorted.size() / 2).toMillis();
	}
}
