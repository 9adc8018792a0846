package platform.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import platform.AuditMaintenance;
import platform.AuditVerification;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The audit trail on real PostgreSQL: append-only for the runtime role the application connects as,
 * hash-chained per tenant by the table's trigger (concurrent writers of two tenants, neither waiting
 * for the other), verified, filtered, exported and purged through the API and the jobs' upkeep.
 */
@JmlHubIntegrationTest
class AuditTrailTests {

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	PlatformAudit audit;

	@Autowired
	AuditMaintenance maintenance;

	@Autowired
	Environment environment;

	private final JsonMapper json = JsonMapper.builder().build();
	ApiClient api;
	String tenant;

	@BeforeEach
	void tenant() {
		api = new ApiClient(port);
		tenant = TestTenants.create(transactions, jdbc, "audit", "boss");
	}

	@Test
	void theRuntimeRoleMayNeitherUpdateNorDeleteNorTruncateTheTrail() {
		record(tenant, "boss", "test.entry", Map.of("subject", "x"));
		for (String statement : List.of("UPDATE platform_audit SET actor = 'mallory'", "DELETE FROM platform_audit",
				"TRUNCATE platform_audit")) {
			assertThatThrownBy(() -> transactions.runInTenant(tenant, () -> jdbc.sql(statement).update()))
				.as(statement).rootCause().hasMessageContaining("permission denied");
		}
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("SELECT actor FROM platform_audit").query(String.class).list()))
			.containsExactly("boss");
	}

	@Test
	void concurrentWritersOfTwoTenantsEachBuildAnUnbrokenChainWithoutWaitingForTheOther() throws Exception {
		String other = TestTenants.create(transactions, jdbc, "audit-b", "boss");
		int perThread = 15;
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> writers = new ArrayList<>();
			for (String t : List.of(tenant, other)) {
				for (int thread = 0; thread < 2; thread++) {
					int writer = thread;
					writers.add(pool.submit(() -> {
						for (int i = 0; i < perThread; i++) {
							record(t, "writer-" + writer, "test.concurrent", Map.of("subject", "n" + i));
						}
					}));
				}
			}
			for (Future<?> writer : writers) {
				writer.get(60, TimeUnit.SECONDS);
			}

			// a transaction of one tenant holding its chain's lock does not hold up the other tenant
			CountDownLatch inserted = new CountDownLatch(1);
			CountDownLatch release = new CountDownLatch(1);
			Future<?> holder = pool.submit(() -> transactions.runInTenant(tenant, () -> {
				audit.record("holder", "test.held", Map.of());
				inserted.countDown();
				await(release);
			}));
			assertThat(inserted.await(10, TimeUnit.SECONDS)).isTrue();
			long started = System.nanoTime();
			pool.submit(() -> record(other, "free", "test.unblocked", Map.of())).get(5, TimeUnit.SECONDS);
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
			release.countDown();
			holder.get(10, TimeUnit.SECONDS);
		}
		finally {
			pool.shutdownNow();
		}

		for (String t : List.of(tenant, other)) {
			List<Long> seqs = transactions.readInTenant(t, () -> jdbc.sql("SELECT seq FROM platform_audit ORDER BY seq")
				.query(Long.class).list());
			assertThat(seqs).hasSize(2 * perThread + 1);
			assertThat(seqs).as("positions 1..n, none twice").isEqualTo(java.util.stream.LongStream.rangeClosed(1, seqs.size()).boxed().toList());
			AuditVerification verification = maintenance.verify(t);
			assertThat(verification.intact()).as("%s", verification).isTrue();
			assertThat(verification.checked()).isEqualTo(seqs.size());
		}
	}

	@Test
	void anEntryChangedByTheOwnerIsTheFirstBrokenLinkVerifyReports() {
		for (int i = 0; i < 5; i++) {
			record(tenant, "boss", "test.entry", Map.of("subject", "n" + i));
		}
		JsonNode intact = read("/v1/admin/audit/verify");
		assertThat(intact.get("intact").asBoolean()).isTrue();
		assertThat(intact.get("checked").asLong()).isEqualTo(5);

		JdbcClient owner = owner();
		long third = owner.sql("SELECT id FROM platform_audit WHERE tenant_id = :t AND seq = 3").param("t", tenant)
			.query(Long.class).single();
		owner.sql("UPDATE platform_audit SET detail = '{\"subject\":\"rewritten\"}' WHERE id = :id").param("id", third).update();

		JsonNode broken = read("/v1/admin/audit/verify");
		assertThat(broken.get("intact").asBoolean()).isFalse();
		assertThat(broken.get("firstBroken").get("id").asLong()).isEqualTo(third);
		assertThat(broken.get("firstBroken").get("seq").asLong()).isEqualTo(3);
		assertThat(broken.get("firstBroken").get("reason").asString()).contains("changed");
		assertThat(ConsoleSession.login(port, at("boss")).get("/admin/audit/verify").body()).contains("The chain is broken at entry");

		// recomputing the changed entry's hash moves the break to its successor, whose link no longer holds
		owner.sql("""
				UPDATE platform_audit SET hash = platform_audit_hash(prev_hash, tenant_id, seq, actor, action, detail, acted_at)
				WHERE id = :id""").param("id", third).update();
		JsonNode relinked = read("/v1/admin/audit/verify");
		assertThat(relinked.get("firstBroken").get("seq").asLong()).isEqualTo(4);
		assertThat(relinked.get("firstBroken").get("reason").asString()).contains("previous hash");
	}

	@Test
	void theTrailFiltersByTimeActorActionAndSubjectAndExportsAnyRangeAudited() {
		record(tenant, "ann", "user.created", Map.of("subject", "zed"));
		record(tenant, "bob", "run.approve", Map.of("subject", "run-1", "comment", "fine, \"really\""));
		record(tenant, "ann", "run.reject", Map.of("subject", "run-2", "comment", "no"));

		assertThat(actions(read("/v1/admin/audit?actor=ann"))).containsExactly("run.reject", "user.created");
		assertThat(actions(read("/v1/admin/audit?action=run"))).containsExactly("run.reject", "run.approve");
		assertThat(actions(read("/v1/admin/audit?subject=run-1"))).containsExactly("run.approve");
		String tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
		assertThat(actions(read("/v1/admin/audit?from=" + tomorrow))).isEmpty();
		assertThat(read("/v1/admin/audit?to=" + tomorrow).size()).isEqualTo(3);
		HttpResponse<String> badRange = api.get(at("boss"), "/v1/admin/audit?from=yesterday");
		assertThat(badRange.statusCode()).isEqualTo(400);
		assertThat(badRange.body()).contains("from");

		HttpResponse<String> csv = api.get(at("boss"), "/v1/admin/audit/export?action=run&format=csv");
		assertThat(csv.statusCode()).as(csv.body()).isEqualTo(200);
		assertThat(csv.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
		String[] lines = csv.body().split("\n");
		assertThat(lines).hasSize(3);
		assertThat(lines[0]).isEqualTo("id,seq,acted_at,actor,action,detail,prev_hash,hash");
		assertThat(lines[1]).contains("\"bob\",\"run.approve\"", "\\\"\"really\\\"\"");

		HttpResponse<String> ndjson = api.get(at("boss"), "/v1/admin/audit/export?actor=ann&format=ndjson");
		assertThat(ndjson.statusCode()).isEqualTo(200);
		List<JsonNode> rows = ndjson.body().lines().map(json::readTree).toList();
		assertThat(rows).extracting(row -> row.get("action").asString()).containsExactly("user.created", "run.reject");
		assertThat(rows.get(1).get("prevHash").asString()).hasSize(64);
		assertThat(rows.get(1).get("detail").get("comment").asString()).isEqualTo("no");

		assertThat(api.get(at("boss"), "/v1/admin/audit/export?format=xml").statusCode()).isEqualTo(400);
		JsonNode exports = read("/v1/admin/audit?action=audit.exported");
		assertThat(exports.size()).isEqualTo(2);
		assertThat(exports.get(0).get("detail").asString()).contains("\"format\": \"ndjson\"", "\"actor\": \"ann\"");
		assertThat(ConsoleSession.login(port, at("boss")).get("/admin/audit?actor=ann&action=run").body())
			.contains("run.reject").doesNotContain("user.created");
	}

	@Test
	void retentionRemovesTheOldestEntriesAndWhatIsLeftStillVerifies() {
		Instant longAgo = Instant.now().minus(Duration.ofDays(9 * 366));
		transactions.runInTenant(tenant, () -> {
			for (int i = 0; i < 3; i++) {
				jdbc.sql("INSERT INTO platform_audit (tenant_id, actor, action, acted_at) VALUES (:t, 'old', 'test.old', :at)")
					.param("t", tenant).param("at", java.sql.Timestamp.from(longAgo)).update();
			}
		});
		record(tenant, "boss", "test.recent", Map.of());
		assertThat(read("/v1/admin/audit/retention").get("keepDays").asInt()).isEqualTo(2557);

		assertThat(maintenance.purgeExpired(tenant, Instant.now())).isEqualTo(3);
		List<String> left = transactions.readInTenant(tenant, () -> jdbc.sql("SELECT action FROM platform_audit ORDER BY seq")
			.query(String.class).list());
		assertThat(left).containsExactly("test.recent");
		AuditVerification verification = maintenance.verify(tenant);
		assertThat(verification.intact()).as("%s", verification).isTrue();
		assertThat(verification.firstSeq()).isEqualTo(4);

		HttpResponse<String> tooShort = api.send(at("boss"), "PUT", "/v1/admin/audit/retention", "{\"keepDays\":1}");
		assertThat(tooShort.statusCode()).isEqualTo(400);
		HttpResponse<String> set = api.send(at("boss"), "PUT", "/v1/admin/audit/retention", "{\"keepDays\":400}");
		assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
		assertThat(read("/v1/admin/audit/retention").get("keepDays").asInt()).isEqualTo(400);
		assertThat(actions(read("/v1/admin/audit?action=audit"))).containsExactly("audit.retention_set");
	}

	private void record(String t, String actor, String action, Map<String, ?> detail) {
		transactions.runInTenant(t, () -> audit.record(actor, action, detail));
	}

	private JsonNode read(String path) {
		HttpResponse<String> response = api.get(at("boss"), path);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	private static List<String> actions(JsonNode entries) {
		return entries.valueStream().map(entry -> entry.get("action").asString()).toList();
	}

	private String at(String user) {
		return user + "@" + tenant;
	}

	private JdbcClient owner() {
		return JdbcClient.create(new DriverManagerDataSource(environment.getProperty("spring.flyway.url"),
				environment.getProperty("spring.flyway.user"), environment.getProperty("spring.flyway.password")));
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
