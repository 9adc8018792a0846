package access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import platform.AppUser;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.ProcessCpu;
import platform.testing.TestTenants;

/**
 * The access-approval benchmark (docs/benchmarks.md), not a timed test: {@code
 * -Daccess.bench.requests} submitted requests of distinct beneficiaries (20 by default, so {@code mvn
 * verify} only checks that it works; the benchmark approves 1,000) are approved by their managers
 * through {@code POST /v1/access-requests/{id}/approve} over real HTTP with HTTP Basic, as a client
 * would: first at a fixed arrival rate ({@code -Daccess.bench.rate}, 100/s: each approval is sent at
 * its scheduled instant whatever the others do, and its latency counts from that instant, so a
 * stalled server is not hidden by a client that waited for it), then as many again by {@code
 * -Daccess.bench.clients} clients back to back (the most the machine gives). Measured: decisions per
 * second, the latency's p50/p95/p99/max, and the CPU each call cost this JVM (server and client) and
 * PostgreSQL ({@link ProcessCpu}), which other work on the machine inflates less. The bound: the same
 * two loads on {@code GET /v1/me} (the same client, credentials and security filters, no work behind
 * them). Before measuring, rounds of the same loads warm the JVM up until its JIT compilers are
 * nearly idle ({@code -Daccess.bench.warmup} calls per load and round, at most {@code
 * -Daccess.bench.warmup.rounds} rounds), as a server that has run for a while is.
 * <p>
 * Meanwhile every call the application makes to Temporal is recorded ({@link TemporalCallLog}); the
 * test fails if any was made while an approval was served. Afterwards every request must be
 * approved exactly once by its manager, with its decision as evidence, its audit entry and its
 * grant's event in the outbox.
 */
@JmlHubIntegrationTest
class AccessApprovalBenchmarkTests {

	static final int REQUESTS = Integer.getInteger("access.bench.requests", 20);
	static final int WARMUP = Integer.getInteger("access.bench.warmup", 10);
	static final int WARMUP_ROUNDS = Integer.getInteger("access.bench.warmup.rounds", 1);
	static final double QUIET = 0.05;
	static final int RATE = Integer.getInteger("access.bench.rate", 100);
	static final int CLIENTS = Integer.getInteger("access.bench.clients", 8);
	static final int MANAGERS = 10;
	static final String PACKAGE = "bench-share";
	static final String PASSWORD = "demo";

	@LocalServerPort
	int port;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	AccessRequests requests;

	@Autowired
	WorkflowServiceStubs temporal;

	@Autowired
	WorkflowClient workflows;

	// an executor of its own: on two cores CompletableFuture's default one starts a thread per answer
	final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
		.executor(Executors.newFixedThreadPool(4))
		.build();

	/** A request to approve and who approves it. */
	record Pending(UUID id, String manager) {
	}

	/** What one load gave: how many answered as expected, in how long, and each one's latency. */
	record Load(String name, int sent, int ok, long wallNanos, long[] latencyNanos, List<String> failures, String cpu) {

		Load(String name, int sent, int ok, long wallNanos, long[] latencyNanos, List<String> failures) {
			this(name, sent, ok, wallNanos, latencyNanos, failures, "");
		}

		Load withCpu(ProcessCpu.Sample before, ProcessCpu.Sample after) {
			return new Load(name, sent, ok, wallNanos, latencyNanos, failures, "; " + after.perOperation(before, sent));
		}

		double perSecond() {
			return ok * 1e9 / wallNanos;
		}

		String summary() {
			long[] sorted = latencyNanos.clone();
			Arrays.sort(sorted);
			return "%s: %d of %d in %d ms, %.0f/s; p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms%s%s".formatted(name, ok,
					sent, wallNanos / 1_000_000, perSecond(), ms(sorted, 0.50), ms(sorted, 0.95), ms(sorted, 0.99),
					sorted.length == 0 ? 0.0 : sorted[sorted.length - 1] / 1e6, cpu,
					failures.isEmpty() ? "" : "; " + failures.size() + " failed, first: "
							+ failures.get(0).substring(0, Math.min(160, failures.get(0).length())));
		}

		private static double ms(long[] sorted, double quantile) {
			if (sorted.length == 0) {
				return 0.0;
			}
			return sorted[Math.min(sorted.length - 1, (int) Math.ceil(quantile * sorted.length) - 1)] / 1e6;
		}
	}

	@Test
	void approvalsAtAFixedRateAndAtTheMostTheMachineGivesWithoutTemporal() throws Exception {
		String tenant = TestTenants.create(transactions, jdbc, "accessbench", "abe");
		managers(tenant);
		catalog(tenant);
		// every manager signs in once before the clock runs: the password check is cached for a minute
		for (int m = 0; m < MANAGERS; m++) {
			assertThat(send(me(tenant, "mgr" + m)).statusCode()).isEqualTo(200);
		}
		List<Pending> pending = new ArrayList<>();
		warmUp(tenant, pending);
		List<Pending> fixed = submitted(tenant, pending, REQUESTS);
		List<Pending> most = submitted(tenant, pending, REQUESTS);

		ProcessCpu cpu = ProcessCpu.of(jdbc);
		Load fixedRate;
		Load mostRate;
		List<TemporalCallLog.Call> calls;
		Map<String, Long> byMethod;
		try (TemporalCallLog log = TemporalCallLog.open(temporal)) {
			ProcessCpu.Sample before = cpu.sample();
			fixedRate = open("approvals at " + RATE + "/s", fixed.size(), RATE, i -> approve(tenant, fixed.get(i)), 200);
			ProcessCpu.Sample between = cpu.sample();
			fixedRate = fixedRate.withCpu(before, between);
			mostRate = closed("approvals, " + CLIENTS + " clients", most.size(), CLIENTS, i -> approve(tenant, most.get(i)), 200)
				.withCpu(between, cpu.sample());
			calls = log.duringHttpRequests();
			byMethod = log.byMethod();
			// the log sees what the application's client sends while a request is served: it can fail
			controlCallDuringAnApproval();
			assertThat(log.duringHttpRequests()).hasSize(calls.size() + 1);
		}
		ProcessCpu.Sample before = cpu.sample();
		Load meFixed = open("GET /v1/me at " + RATE + "/s", REQUESTS, RATE, i -> me(tenant, "mgr" + (i % MANAGERS)), 200);
		ProcessCpu.Sample between = cpu.sample();
		meFixed = meFixed.withCpu(before, between);
		Load meMost = closed("GET /v1/me, " + CLIENTS + " clients", REQUESTS, CLIENTS, i -> me(tenant, "mgr" + (i % MANAGERS)),
				200).withCpu(between, cpu.sample());

		System.out.println("Access approvals (" + REQUESTS + " each, after " + pending.size() + " submitted in all):");
		for (Load load : List.of(fixedRate, mostRate, meFixed, meMost)) {
			System.out.println("  " + load.summary());
		}
		System.out.println("  Temporal calls meanwhile: " + byMethod + "; while an approval was served: " + calls.size());

		assertThat(calls).as("Temporal calls made while approvals were served").isEmpty();
		for (Load load : List.of(fixedRate, mostRate, meFixed, meMost)) {
			assertThat(load.failures()).as(load.name()).isEmpty();
			assertThat(load.ok()).as(load.name()).isEqualTo(REQUESTS);
		}
		approvedExactlyOnce(tenant, pending);
	}

	/** Those of {@code requests} not decided yet. */
	@SafeVarargs
	private List<Pending> stillSubmitted(String tenant, List<Pending>... requests) {
		List<Pending> all = Stream.of(requests).flatMap(List::stream).toList();
		Set<UUID> submitted = Set.copyOf(transactions.readInTenant(tenant, () -> jdbc
			.sql("SELECT id FROM access_requests WHERE id IN (:ids) AND status = 'submitted'")
			.param("ids", all.stream().map(Pending::id).toList())
			.query(UUID.class)
			.list()));
		return all.stream().filter(request -> submitted.contains(request.id())).toList();
	}

	/**
	 * The measured loads run on a JVM that has stopped compiling: on two cores the JIT compilers
	 * otherwise take most of a core for minutes after the start, whatever the load. Rounds of the
	 * same four loads ({@link #WARMUP} calls each, on requests of their own) run until one kept the
	 * compilers busy less than {@link #QUIET} of its time, or {@link #WARMUP_ROUNDS} ran.
	 */
	private void warmUp(String tenant, List<Pending> pending) throws Exception {
		CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
		for (int round = 1; round <= WARMUP_ROUNDS; round++) {
			List<Pending> atRate = submitted(tenant, pending, WARMUP);
			List<Pending> back = submitted(tenant, pending, WARMUP);
			long compiling = compiler.getTotalCompilationTime();
			long start = System.nanoTime();
			List<Load> loads = List.of(
					open("warm-up", WARMUP, RATE, i -> approve(tenant, atRate.get(i)), 200),
					closed("warm-up", WARMUP, CLIENTS, i -> approve(tenant, back.get(i)), 200),
					open("warm-up", WARMUP, RATE, i -> me(tenant, "mgr" + (i % MANAGERS)), 200),
					closed("warm-up", WARMUP, CLIENTS, i -> me(tenant, "mgr" + (i % MANAGERS)), 200));
			double busy = (compiler.getTotalCompilationTime() - compiling) * 1e6 / (System.nanoTime() - start);
			List<String> failures = loads.stream().flatMap(load -> load.failures().stream()).toList();
			System.out.printf("Warm-up round %d: %d calls (%d answered 503), the JIT compilers busy %.0f %% of its %.1f s%n",
					round, 4 * WARMUP, failures.size(), 100 * busy, (System.nanoTime() - start) / 1e9);
			// a cold JVM may be overloaded at first (503, retry later), and the refused are approved now;
			// anything else is a failure
			assertThat(failures).as("warm-up").allMatch(failure -> failure.startsWith("503 "));
			List<Pending> refused = stillSubmitted(tenant, atRate, back);
			Load retried = closed("warm-up retries", refused.size(), 1, i -> approve(tenant, refused.get(i)), 200);
			assertThat(retried.failures()).as(retried.name()).isEmpty();
			if (busy < QUIET) {
				return;
			}
		}
	}

	/**
	 * A fixed arrival rate (open model): request {@code i} is sent at {@code t0 + i / rate} whatever
	 * the others do; its latency runs from that instant to its answer.
	 */
	private Load open(String name, int count, int rate, IntFunction<HttpRequest> request, int expected) throws Exception {
		long[] latencies = new long[count];
		AtomicInteger ok = new AtomicInteger();
		ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
		List<CompletableFuture<?>> answers = new ArrayList<>();
		long start = System.nanoTime() + 50_000_000;
		for (int i = 0; i < count; i++) {
			int n = i;
			long scheduled = start + (long) (i * 1e9 / rate);
			HttpRequest next = request.apply(i);
			for (long wait = scheduled - System.nanoTime(); wait > 0; wait = scheduled - System.nanoTime()) {
				LockSupport.parkNanos(wait);
			}
			answers.add(http.sendAsync(next, HttpResponse.BodyHandlers.ofString()).handle((response, error) -> {
				latencies[n] = System.nanoTime() - scheduled;
				record(response, error, expected, ok, failures);
				return null;
			}));
		}
		CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
		// from the first scheduled instant to the last answer (each came at its instant plus its latency)
		long lastAnswer = start;
		for (int i = 0; i < count; i++) {
			lastAnswer = Math.max(lastAnswer, start + (long) (i * 1e9 / rate) + latencies[i]);
		}
		return new Load(name, count, ok.get(), lastAnswer - start, latencies, List.copyOf(failures));
	}

	/** {@code clients} clients send back to back until {@code count} requests were sent; each one's latency as seen. */
	private Load closed(String name, int count, int clients, IntFunction<HttpRequest> request, int expected)
			throws Exception {
		long[] latencies = new long[count];
		AtomicInteger next = new AtomicInteger();
		AtomicInteger ok = new AtomicInteger();
		ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
		ExecutorService pool = Executors.newFixedThreadPool(clients);
		long start = System.nanoTime();
		try {
			List<Future<?>> done = new ArrayList<>();
			for (int c = 0; c < clients; c++) {
				done.add(pool.submit(() -> {
					for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
						HttpRequest call = request.apply(i);
						long from = System.nanoTime();
						HttpResponse<String> response = null;
						Throwable error = null;
						try {
							response = http.send(call, HttpResponse.BodyHandlers.ofString());
						}
						catch (Exception e) {
							error = e;
						}
						latencies[i] = System.nanoTime() - from;
						record(response, error, expected, ok, failures);
					}
					return null;
				}));
			}
			for (Future<?> client : done) {
				client.get();
			}
		}
		finally {
			pool.shutdown();
		}
		return new Load(name, count, ok.get(), System.nanoTime() - start, latencies, List.copyOf(failures));
	}

	private static void record(HttpResponse<String> response, Throwable error, int expected, AtomicInteger ok,
			ConcurrentLinkedQueue<String> failures) {
		if (error != null) {
			failures.add(error.toString());
		}
		else if (response.statusCode() != expected) {
			failures.add(response.statusCode() + " " + response.body());
		}
		else {
			ok.incrementAndGet();
		}
	}

	private HttpRequest approve(String tenant, Pending request) {
		return HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/access-requests/" + request.id() + "/approve"))
			.header("Accept", "application/json")
			.header("Content-Type", "application/json")
			.header("Authorization", basic(request.manager() + "@" + tenant))
			.timeout(Duration.ofSeconds(60))
			.POST(HttpRequest.BodyPublishers.ofString("{\"version\":1,\"reason\":\"benchmark\"}"))
			.build();
	}

	private HttpRequest me(String tenant, String user) {
		return HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/v1/me"))
			.header("Accept", "application/json")
			.header("Authorization", basic(user + "@" + tenant))
			.timeout(Duration.ofSeconds(60))
			.GET()
			.build();
	}

	private HttpResponse<String> send(HttpRequest request) throws Exception {
		return http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static String basic(String login) {
		return "Basic " + Base64.getEncoder().encodeToString((login + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * The positive control of the Temporal log: a call through the application's workflow client
	 * made while an approval's HTTP request is being served on this thread.
	 */
	private void controlCallDuringAnApproval() {
		RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(
				new MockHttpServletRequest("POST", "/v1/access-requests/" + UUID.randomUUID() + "/approve")));
		try {
			assertThatThrownBy(() -> workflows.newUntypedWorkflowStub("access-bench-control-" + UUID.randomUUID()).describe())
				.isNotNull();
		}
		finally {
			RequestContextHolder.resetRequestAttributes();
		}
	}

	/** The {@link #MANAGERS} managers, APPROVERs who sign in with {@link #PASSWORD}. */
	private void managers(String tenant) {
		String hash = PasswordEncoderFactories.createDelegatingPasswordEncoder().encode(PASSWORD);
		transactions.runInTenant(tenant, () -> {
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					SELECT 'mgr' || m, :t, 'Manager ' || m, 'mgr' || m || '@' || :t || '.example', :hash
					FROM generate_series(0, :managers - 1) m""")
				.param("t", tenant).param("hash", hash).param("managers", MANAGERS).update();
			jdbc.sql("""
					INSERT INTO app_user_roles (tenant_id, username, role)
					SELECT :t, 'mgr' || m, 'APPROVER' FROM generate_series(0, :managers - 1) m""")
				.param("t", tenant).param("managers", MANAGERS).update();
		});
	}

	/**
	 * {@code count} more beneficiaries (users and HR employees, each reporting to one of the
	 * managers), numbered after those in {@code pending}. Written straight to the tables: hiring them
	 * through HR would start a joiner run in Temporal for each.
	 */
	private void beneficiaries(String tenant, int from, int count) {
		transactions.runInTenant(tenant, () -> {
			jdbc.sql("""
					INSERT INTO app_users (username, tenant_id, display_name, email, password_hash)
					SELECT 'ben' || b, :t, 'Beneficiary ' || b, 'ben' || b || '@' || :t || '.example', '{noop}unused'
					FROM generate_series(:from, :from + :count - 1) b""")
				.param("t", tenant).param("from", from).param("count", count).update();
			jdbc.sql("""
					INSERT INTO employees (id, tenant_id, display_name, email, department, manager, start_date, status)
					SELECT gen_random_uuid(), :t, 'Beneficiary ' || b, 'ben' || b || '@' || :t || '.example', 'Finance',
					       'mgr' || (b % :managers), current_date - 30, 'active'
					FROM generate_series(:from, :from + :count - 1) b""")
				.param("t", tenant).param("from", from).param("count", count).param("managers", MANAGERS).update();
		});
	}

	/** One package approved by the beneficiary's manager, granting one share. */
	private void catalog(String tenant) {
		ApiClient api = new ApiClient(port);
		var current = api.get("abe@" + tenant, "/v1/admin/access-packages");
		assertThat(current.statusCode()).as(current.body()).isEqualTo(200);
		String etag = current.headers().firstValue("ETag").orElseThrow().replace("\"", "");
		var saved = api.send("abe@" + tenant, "PUT", "/v1/admin/access-packages", """
				{"version": %s, "packages": [
				 {"key":"%s","name":"Finance share","description":"The finance share","entitlements":["finance-share"],
				  "policy":"manager","maxDays":90}]}""".formatted(etag, PACKAGE));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
	}

	/**
	 * {@code count} new beneficiaries each ask for the package through the service, a few at a time:
	 * their requests, in order, also added to {@code pending}.
	 */
	private List<Pending> submitted(String tenant, List<Pending> pending, int count) throws Exception {
		int from = pending.size();
		beneficiaries(tenant, from, count);
		Pending[] submitted = new Pending[count];
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> done = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				int n = from + i;
				int slot = i;
				done.add(pool.submit(() -> {
					AppUser beneficiary = new AppUser("ben" + n, tenant, "Tenant " + tenant, "Beneficiary " + n,
							Set.of(Role.APPROVER), Set.of(), true, null);
					AccessRequest request = requests.submit(beneficiary,
							new AccessRequests.Submission(PACKAGE, null, "benchmark", null, null));
					assertThat(request.manager()).isEqualTo("mgr" + (n % MANAGERS));
					submitted[slot] = new Pending(request.id(), request.manager());
				}));
			}
			for (Future<?> one : done) {
				one.get();
			}
		}
		finally {
			pool.shutdown();
		}
		pending.addAll(List.of(submitted));
		return List.of(submitted);
	}

	/**
	 * Every request approved once, by its manager: at version 2, one approve decision as evidence,
	 * one {@code access.approved} audit entry, its grant's event in the outbox.
	 */
	private void approvedExactlyOnce(String tenant, List<Pending> pending) {
		List<UUID> ids = pending.stream().map(Pending::id).toList();
		transactions.readInTenant(tenant, () -> {
			assertThat(jdbc.sql("""
					SELECT count(*) FROM access_requests r
					WHERE r.id IN (:ids) AND r.status = 'approved' AND r.version = 2 AND r.decided_at IS NOT NULL
					  AND (SELECT count(*) FROM access_decisions d WHERE d.request_id = r.id AND d.decision = 'approve') = 1
					  AND EXISTS (SELECT 1 FROM access_decisions d WHERE d.request_id = r.id AND d.decision = 'approve'
					              AND d.actor = r.manager AND d.from_status = 'submitted' AND d.to_status = 'approved')""")
				.param("ids", ids).query(Long.class).single()).isEqualTo(ids.size());
			assertThat(jdbc.sql("SELECT count(*) FROM access_decisions WHERE decision = 'approve'").query(Long.class).single())
				.isEqualTo(ids.size());
			assertThat(jdbc.sql("""
					SELECT count(DISTINCT detail->>'request') FROM platform_audit WHERE action = 'access.approved'""")
				.query(Long.class).single()).isEqualTo(ids.size());
			assertThat(jdbc.sql("SELECT count(*) FROM platform_audit WHERE action = 'access.approved'").query(Long.class)
				.single()).isEqualTo(ids.size());
			// the change event's one consumer is the webhooks', which gets rows only where a tenant wants them
			// a grant with an end has it in its key: grant:<holding>:<grant>:granted:<until>
			List<String> keys = ids.stream().map(id -> "grant:" + id + ":finance-share:granted:%").toList();
			assertThat(jdbc.sql("""
					SELECT count(DISTINCT idempotency_key) FROM outbox_events
					WHERE idempotency_key LIKE ANY (CAST(:keys AS text[]))""")
				.param("keys", new org.springframework.jdbc.support.SqlArrayValue("text", keys.toArray()))
				.query(Long.class).single()).isEqualTo(keys.size());
			return null;
		});
	}
}
