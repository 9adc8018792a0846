package workflow.attention;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import platform.AuditRecord;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import workflow.ReconcileRound;
import workflow.RunStatus;
import workflow.Runs;
import workflow.store.LiveRun;
import workflow.store.RunRepository;
import workflow.testing.AcmeJoiners;

/**
 * Reconciliation at scale against the real Temporal test server: one pass checks every live run
 * of a tenant (batched reads, a bounded pool of describe calls) and flags each lost one at once;
 * runs checked long ago go before runs never checked; the Needs-attention page says what the last
 * round checked; and an ADMIN repairs every run of one cause through the API, each repair audited.
 * The number of runs is {@code -Dreconcile.scale.runs} (2,000 by default, to keep {@code mvn
 * verify} short; docs/benchmarks.md measures 10,000).
 */
@JmlHubIntegrationTest
@ExtendWith(AcmeJoiners.Resolver.class)
class ReconciliationAtScaleTests {

	static final int RUNS = Integer.getInteger("reconcile.scale.runs", 2000);

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	RunReconciliation reconciliation;

	@Autowired
	RunRepository runRepository;

	@Autowired
	PlatformAudit audit;

	@Autowired
	Runs runs;

	/**
	 * {@code count} running runs of the tenant, never checked, in one statement, whose executions
	 * Temporal never had, started {@code startedAgo} before now (negative: after now).
	 */
	void insertLostRuns(String tenant, int count, String startedAgo) {
		transactions.runInTenant(tenant, () -> jdbc.sql("""
				INSERT INTO workflow_runs (id, tenant_id, definition_key, definition_title, employee_id, employee_name, status,
				    source_event_id, source_event_type, workflow_id, execution_id, started_at)
				SELECT id, current_setting('app.tenant_id'), 'joiner', 'Joiner', gen_random_uuid(), 'Scale Hire ' || n, 'running',
				    gen_random_uuid(), 'hr.employee.created', 'jml-scale-' || id, 'gone', now() - CAST(:startedAgo AS interval)
				FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, :count) AS n) AS runs
				""").param("count", count).param("startedAgo", startedAgo).update());
	}

	int count(String tenant, String where) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM workflow_runs WHERE " + where)
			.query(Integer.class).single());
	}

	@Test
	void onePassChecksEveryLiveRunAndFlagsTheLostOnesAtOnce() {
		String tenant = TestTenants.create(transactions, jdbc, "scale", "scale-admin");
		// started in an hour, so the worker's own reconcile job (whose round is now) leaves them to this round
		insertLostRuns(tenant, RUNS, "-1 hour");
		Instant now = Instant.now().plus(Duration.ofHours(2)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);

		long started = System.nanoTime();
		int checked = reconciliation.reconcile(tenant, now);
		Duration took = Duration.ofNanos(System.nanoTime() - started);

		System.out.printf("Reconciliation of %d live runs took %d ms%n", RUNS, took.toMillis());
		assertThat(checked).isEqualTo(RUNS);
		assertThat(count(tenant, "status = 'needs_attention' AND attention_cause = 'lost'")).isEqualTo(RUNS);
		assertThat(count(tenant, "reconciled_at = '" + now + "'")).as("each run checked in this round").isEqualTo(RUNS);
		assertThat(reconciliation.lastRound(tenant)).hasValueSatisfying(round -> {
			assertThat(round.checked()).isEqualTo(RUNS);
			assertThat(round.flagged()).isEqualTo(RUNS);
			assertThat(round.unreachable()).isZero();
			assertThat(round.complete()).isTrue();
			assertThat(round.startedAt()).isEqualTo(now);
		});
		assertThat(took).as("a pass over %d runs took %s", RUNS, took)
			.isLessThan(Duration.ofSeconds(60));
		// nothing is live any more: a second pass has nothing to check
		assertThat(reconciliation.reconcile(tenant, now.plusSeconds(1))).isZero();
	}

	@Test
	void runsCheckedLongAgoGoBeforeRunsNeverChecked() {
		String tenant = TestTenants.create(transactions, jdbc, "order", "order-admin");
		// all in the hours ahead, so the worker's own reconcile job (whose round is now) leaves them alone
		insertLostRuns(tenant, 3, "-1 hour");
		transactions.runInTenant(tenant, () -> jdbc.sql("UPDATE workflow_runs SET reconciled_at = started_at + interval '10 minutes'")
			.update());
		// a stream of new runs, never checked: they queue behind the runs checked before they started
		insertLostRuns(tenant, 3, "-90 minutes");
		List<UUID> checkedLongAgo = transactions.readInTenant(tenant, () -> jdbc
			.sql("SELECT id FROM workflow_runs WHERE reconciled_at IS NOT NULL").query(UUID.class).list());

		List<LiveRun> first = transactions.readInTenant(tenant,
				() -> runRepository.liveDue(Instant.now().plus(Duration.ofHours(2)), Instant.EPOCH, new UUID(0, 0), 3));

		assertThat(first).extracting(LiveRun::id).containsExactlyInAnyOrderElementsOf(checkedLongAgo);
	}

	@Test
	void anAdminRepairsEveryLostRunThroughTheApiEachRepairAudited(AcmeJoiners acme) throws Exception {
		UUID first = acme.waiting("Lost One");
		UUID second = acme.waiting("Lost Two");
		acme.lostExecution(first, "running");
		acme.lostExecution(second, "running");
		acme.runJob("workflow_reconcile");
		assertThat(runs.detail("acme", first).run().status()).isEqualTo(RunStatus.NEEDS_ATTENTION);
		assertThat(runs.lastReconcileRound("acme")).map(ReconcileRound::checked).hasValueSatisfying(n -> assertThat(n).isPositive());
		String page = ConsoleSession.login(port, "ada").get("/admin/attention").body();
		assertThat(page).contains("id=\"reconcile-round\"", "live runs against Temporal at", "lost");
		ApiClient api = new ApiClient(port);

		HttpResponse<String> unknown = api.post("ada", "/v1/workflow-runs/repairs", "{\"cause\": \"gremlins\"}", "bulk-x-" + first);
		assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(400);
		assertThat(unknown.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
			.startsWith("application/problem+json"));
		assertThat(unknown.body()).contains("cause", "lost");
		assertThat(api.post("ada", "/v1/workflow-runs/repairs", "{}", "bulk-y-" + first).statusCode()).isEqualTo(400);
		assertThat(runs.repairs("acme", first)).as("nothing repaired by a refused request").isEmpty();
		assertThat(api.post("hana", "/v1/workflow-runs/repairs", "{\"cause\": \"lost\"}", "bulk-h-" + first).statusCode())
			.isEqualTo(403);

		HttpResponse<String> repaired = api.post("ada", "/v1/workflow-runs/repairs", "{\"cause\": \"lost\"}", "bulk-" + first);

		assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(202);
		JsonNode bulk = json.readTree(repaired.body());
		assertThat(bulk.get("cause").asString()).isEqualTo("lost");
		for (UUID runId : List.of(first, second)) {
			JsonNode repair = bulk.get("repairs").valueStream()
				.filter(item -> item.get("runId").asString().equals(runId.toString()))
				.findFirst().orElseThrow();
			assertThat(repair.get("outcome").asString()).isEqualTo("started");
			assertThat(repair.get("attention").asString()).contains("no longer exists in Temporal");
			assertThat(runs.detail("acme", runId).run().status()).isNotEqualTo(RunStatus.NEEDS_ATTENTION);
		}
		List<AuditRecord> trail = audit.recent("acme", "run.repaired", 1000);
		assertThat(trail).filteredOn(entry -> entry.action().equals("run.repaired"))
			.anySatisfy(entry -> assertThat(entry.detail()).contains(first.toString(), "started"))
			.anySatisfy(entry -> assertThat(entry.detail()).contains(second.toString(), "started"));
		assertThat(trail).filteredOn(entry -> entry.action().equals("run.repaired_all"))
			.anySatisfy(entry -> {
				assertThat(entry.actor()).isEqualTo("ada");
				assertThat(entry.detail()).contains("\"cause\"", "lost");
			});
	}
}
