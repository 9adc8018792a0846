package hr.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import hr.Employee;
import hr.EmployeeService;
import hr.imports.ImportView;
import hr.imports.SyncImports;
import jobs.Job;
import platform.ExpectedVersion;
import platform.OutboundRequests;
import platform.PlatformAudit;
import platform.SecretStore;
import platform.TenantSuspensions;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import platform.testing.TestTenants;

/**
 * The source sync against a real HTTP server on this machine serving an export that changes between
 * pulls: the {@code hr_source_sync} job, built around a {@link MutableClock} a year ahead (so the
 * application's own runner, on the real clock, never finds these sources due), pulls each due
 * source once per {@code run()}; the import job applies what it imported. Each test has a tenant of
 * its own.
 */
@JmlHubIntegrationTest
class SourceSyncTests {

	static final String HEADER = "employeeNumber,displayName,email,department,startDate";

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	SourceRepository repository;

	@Autowired
	SyncImports imports;

	@Autowired
	SecretStore secrets;

	@Autowired
	PlatformAudit audit;

	@Autowired
	OutboundRequests outbound;

	@Autowired
	TenantSuspensions suspensions;

	@Autowired
	EmployeeService employees;

	@Autowired
	List<Job> jobs;

	final LocalDate start = LocalDate.now().plusDays(30);

	MutableClock clock;
	SourceSettings settings;
	SourceSyncJob job;
	String tenant;
	HrServer server;

	@BeforeEach
	void setUp() throws IOException {
		clock = new MutableClock(Instant.now().plus(Duration.ofDays(400)).truncatedTo(ChronoUnit.MICROS));
		SourceSyncProperties properties = new SourceSyncProperties(false, Duration.ofSeconds(1), 1_000_000,
				Duration.ofMinutes(5), Duration.ofHours(6), Duration.ofDays(90));
		settings = new SourceSettings(transactions, repository, imports, secrets, audit, properties, outbound, clock);
		SourceSync sync = new SourceSync(transactions, repository, new SourceClient(outbound, properties), imports, secrets,
				properties, clock);
		job = new SourceSyncJob(sync, repository, suspensions, clock);
		tenant = TestTenants.create(transactions, jdbc, "sync", "sonia");
		server = new HrServer();
	}

	@AfterEach
	void tearDown() {
		server.close();
		HrSource source = settings.get(tenant);
		if (source.version() > 0) {
			save(new SourceChange(source.url(), source.format(), "none", null, null, 60, true, false, source.version()));
		}
	}

	@Test
	void theFirstPullCreatesTheSecondIsNotModifiedAChangedFileUpdatesAndAMalformedRowIsRejectedAlone() {
		server.serve("\"v1\"", HEADER + "\n" + row(1, "Engineering") + row(2, "Finance"));
		save(source("csv", true));

		job.run();
		SourceRun first = lastRun();
		assertThat(first.outcome()).isEqualTo(SourceRun.IMPORTED);
		assertThat(first.httpStatus()).isEqualTo(200);
		assertThat(first.imported().status()).isEqualTo("applying");
		assertThat(first.imported().source()).isEqualTo("sync");
		assertThat(first.imported().summary().create()).isEqualTo(2);
		applyImports();
		Employee hired = employees.findByNumber(tenant, "E-2").orElseThrow();
		assertThat(hired.department()).isEqualTo("Finance");
		assertThat(transactions.inTenant(tenant, () -> jdbc.sql("SELECT source FROM employee_changes WHERE employee_id = :id")
			.param("id", hired.id())
			.query(String.class)
			.list())).containsExactly("sync");
		HrSource afterFirst = settings.get(tenant);
		assertThat(afterFirst.etag()).isEqualTo("\"v1\"");
		assertThat(afterFirst.lastModified()).isEqualTo(HrServer.LAST_MODIFIED);
		assertThat(afterFirst.nextDueAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(5)));

		// not due yet: nothing is pulled
		job.run();
		assertThat(server.requests).hasSize(1);

		clock.advance(Duration.ofMinutes(5));
		job.run();
		assertThat(server.requests).hasSize(2);
		assertThat(server.requests.get(1)).containsEntry("If-None-Match", "\"v1\"")
			.containsEntry("If-Modified-Since", HrServer.LAST_MODIFIED);
		SourceRun second = lastRun();
		assertThat(second.outcome()).isEqualTo(SourceRun.NOT_MODIFIED);
		assertThat(second.httpStatus()).isEqualTo(304);
		assertThat(second.imported()).isNull();

		// Finance → Legal, a new hire, and a row with a bad date that must not hold the others back
		server.serve("\"v2\"", HEADER + "\n" + row(1, "Engineering") + row(2, "Legal") + row(3, "Sales")
				+ "E-4,Bad Date,e4@" + tenant + ".example,Ops,2031-02-30\n");
		clock.advance(Duration.ofMinutes(5));
		job.run();
		SourceRun third = lastRun();
		assertThat(third.outcome()).isEqualTo(SourceRun.IMPORTED);
		ImportView.Summary summary = third.imported().summary();
		assertThat(List.of(summary.create(), summary.update(), summary.unchanged(), summary.offboard(), summary.reject()))
			.containsExactly(1, 1, 1, 0, 1);
		applyImports();
		assertThat(employees.findByNumber(tenant, "E-2").orElseThrow().department()).isEqualTo("Legal");
		assertThat(employees.findByNumber(tenant, "E-3")).isPresent();
		assertThat(employees.findByNumber(tenant, "E-4")).isEmpty();
		assertThat(settings.runs(tenant, 10).get(0).imported().progress().applied()).isEqualTo(2);
		assertThat(settings.get(tenant).etag()).isEqualTo("\"v2\"");
	}

	@Test
	void aTruncatedFileIsHeldAndOffboardsNobodyUntilTheFullFileSupersedesIt() {
		StringBuilder full = new StringBuilder(HEADER + "\n");
		for (int i = 1; i <= 25; i++) {
			full.append(row(i, "Ops"));
		}
		server.serve("\"full\"", full.toString());
		save(source("csv", true));
		job.run();
		applyImports();
		assertThat(employees.countEmployed(tenant)).isEqualTo(25);

		// a header only: 25 would be offboarded, more than max(5 %, 20)
		server.serve("\"empty\"", HEADER + "\n");
		clock.advance(Duration.ofMinutes(5));
		job.run();
		SourceRun held = lastRun();
		assertThat(held.outcome()).isEqualTo(SourceRun.HELD);
		assertThat(held.imported().status()).isEqualTo("held");
		assertThat(held.imported().summary().offboard()).isEqualTo(25);
		applyImports();
		assertThat(offboarded()).isZero();

		// far fewer rows: held again, and the first held import is superseded
		server.serve("\"short\"", HEADER + "\n" + row(1, "Ops") + row(2, "Ops"));
		clock.advance(Duration.ofMinutes(5));
		job.run();
		SourceRun shortFile = lastRun();
		assertThat(shortFile.outcome()).isEqualTo(SourceRun.HELD);
		assertThat(shortFile.imported().summary().offboard()).isEqualTo(23);
		assertThat(importStatus(held.imported())).isEqualTo("superseded");
		applyImports();
		assertThat(offboarded()).isZero();

		// one employee gone from the full list: within the threshold, offboarded (last day: the start date not yet come)
		server.serve("\"less-one\"", full.toString().replace(row(25, "Ops"), ""));
		clock.advance(Duration.ofMinutes(5));
		job.run();
		SourceRun lessOne = lastRun();
		assertThat(lessOne.outcome()).isEqualTo(SourceRun.IMPORTED);
		assertThat(lessOne.imported().summary().offboard()).isEqualTo(1);
		assertThat(importStatus(shortFile.imported())).isEqualTo("superseded");
		applyImports();
		assertThat(offboarded()).isEqualTo(1);
		assertThat(employees.findByNumber(tenant, "E-25").orElseThrow().lastDay()).isEqualTo(start);
	}

	@Test
	void aHangingServerTimesOutAndFailuresAreRetriedWithBackoff() throws IOException {
		server.serve("\"v1\"", HEADER + "\n" + row(1, "Ops"));
		server.delay = Duration.ofSeconds(5);
		save(source("csv", true));

		long began = System.nanoTime();
		job.run();
		assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(4));
		SourceRun timedOut = lastRun();
		assertThat(timedOut.outcome()).isEqualTo(SourceRun.FAILED);
		assertThat(timedOut.error()).contains("did not answer within");
		assertThat(settings.get(tenant).failures()).isEqualTo(1);
		assertThat(settings.get(tenant).nextDueAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(5)));

		// the headers come, then the body stops halfway
		server.delay = Duration.ZERO;
		server.hangBody = true;
		clock.advance(Duration.ofMinutes(5));
		began = System.nanoTime();
		job.run();
		assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(4));
		assertThat(lastRun().outcome()).isEqualTo(SourceRun.FAILED);
		assertThat(lastRun().error()).contains("sent nothing for");
		assertThat(settings.get(tenant).nextDueAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(10)));

		server.hangBody = false;
		server.status = 503;
		clock.advance(Duration.ofMinutes(10));
		job.run();
		assertThat(lastRun().httpStatus()).isEqualTo(503);
		assertThat(lastRun().error()).contains("HTTP 503");
		assertThat(settings.get(tenant).failures()).isEqualTo(3);
		assertThat(settings.get(tenant).nextDueAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(20)));

		// the source answers again: the failures in a row are forgotten, the cadence resumes
		server.status = 200;
		clock.advance(Duration.ofMinutes(20));
		job.run();
		assertThat(lastRun().outcome()).isEqualTo(SourceRun.IMPORTED);
		assertThat(settings.get(tenant).failures()).isZero();
		assertThat(settings.get(tenant).nextDueAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(5)));

		// connection refused: a port nobody listens on
		int closed;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closed = socket.getLocalPort();
		}
		save(new SourceChange("http://127.0.0.1:" + closed + "/export.csv", "csv", "none", null, null, 5, true, true,
				settings.get(tenant).version()));
		job.run();
		assertThat(lastRun().outcome()).isEqualTo(SourceRun.FAILED);
		assertThat(lastRun().error()).contains("did not answer: the connection could not be made");
		assertThat(settings.get(tenant).failures()).isEqualTo(1);
	}

	@Test
	void badCredentialsFailWithTheReasonAndTheSecretIsNeitherShownNorSaid() {
		server.serve("\"v1\"", "{\"employeeNumber\":\"E-1\",\"displayName\":\"J One\",\"email\":\"j1@" + tenant
				+ ".example\",\"department\":\"Ops\",\"startDate\":\"" + start + "\"}\nnot json\n");
		server.expectedAuthorization = "Bearer right-token";
		HrSource saved = save(new SourceChange(server.url(), "jsonl", "bearer", null, "wrong-token", 5, false, true, 0));
		assertThat(saved.secretSet()).isTrue();
		assertThat(transactions.inTenant(tenant, () -> jdbc.sql("SELECT secret FROM hr_sources").query(String.class).single()))
			.startsWith("enc:").doesNotContain("wrong-token");

		job.run();
		SourceRun refused = lastRun();
		assertThat(refused.outcome()).isEqualTo(SourceRun.FAILED);
		assertThat(refused.httpStatus()).isEqualTo(401);
		assertThat(refused.error()).contains("refused the bearer credentials").doesNotContain("wrong-token");
		assertThat(server.requests.get(0)).containsEntry("Authorization", "Bearer wrong-token");

		// the right token, the rest kept: the JSON lines are imported, the line that is no JSON rejected
		save(new SourceChange(server.url(), "jsonl", "bearer", null, "right-token", 5, false, true, saved.version()));
		job.run();
		SourceRun imported = lastRun();
		assertThat(imported.outcome()).isEqualTo(SourceRun.IMPORTED);
		assertThat(imported.imported().summary().create()).isEqualTo(1);
		assertThat(imported.imported().summary().reject()).isEqualTo(1);

		// basic credentials
		server.expectedAuthorization = "Basic " + java.util.Base64.getEncoder()
			.encodeToString("hr-reader:pa:ss".getBytes(StandardCharsets.UTF_8));
		server.serve("\"v2\"", server.body);
		HrSource basic = save(new SourceChange(server.url(), "jsonl", "basic", "hr-reader", "pa:ss", 5, false, true,
				settings.get(tenant).version()));
		assertThat(basic.username()).isEqualTo("hr-reader");
		job.run();
		// let in: the same file under a new ETag is the body last imported (its SHA-256), so nothing is imported again
		assertThat(lastRun().httpStatus()).isEqualTo(200);
		assertThat(lastRun().outcome()).isEqualTo(SourceRun.NOT_MODIFIED);
		assertThat(settings.get(tenant).etag()).isEqualTo("\"v2\"");
	}

	@Test
	void aSourceWithoutValidatorsIsNotImportedAgainWhileItsBodyStaysTheSame() {
		// python's http.server without Last-Modified, a script's output, a presigned object store link
		server.validators = false;
		server.serve("\"unused\"", HEADER + "\n" + row(1, "Ops") + row(2, "Ops"));
		save(source("csv", true));
		job.run();
		assertThat(lastRun().outcome()).isEqualTo(SourceRun.IMPORTED);
		applyImports();
		long importsBefore = importsOfTenant();

		clock.advance(Duration.ofMinutes(5));
		job.run();
		assertThat(server.requests).hasSize(2);
		assertThat(server.requests.get(1)).doesNotContainKeys("If-None-Match", "If-Modified-Since");
		SourceRun same = lastRun();
		assertThat(same.outcome()).isEqualTo(SourceRun.NOT_MODIFIED);
		assertThat(same.httpStatus()).isEqualTo(200);
		assertThat(same.imported()).isNull();
		assertThat(importsOfTenant()).isEqualTo(importsBefore);
		assertThat(settings.get(tenant).nextDueAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(5)));

		// one byte changed: imported
		server.serve("\"unused\"", HEADER + "\n" + row(1, "Ops") + row(2, "Legal"));
		clock.advance(Duration.ofMinutes(5));
		job.run();
		SourceRun changed = lastRun();
		assertThat(changed.outcome()).isEqualTo(SourceRun.IMPORTED);
		assertThat(changed.imported().summary().update()).isEqualTo(1);
		applyImports();
		assertThat(employees.findByNumber(tenant, "E-2").orElseThrow().department()).isEqualTo("Legal");

		// another URL is another file: its body is imported even when it is the same
		save(new SourceChange(server.url() + "?copy=1", "csv", "none", null, null, 5, true, true,
				settings.get(tenant).version()));
		job.run();
		SourceRun moved = lastRun();
		assertThat(moved.outcome()).isEqualTo(SourceRun.IMPORTED);
		assertThat(moved.imported().summary().unchanged()).isEqualTo(2);
	}

	@Test
	void aLoopbackOrPrivateAddressTheOutboundPolicyRefusesIsRefusedAtTheSaveNotAtEveryPull() {
		SourceSyncProperties properties = new SourceSyncProperties(false, Duration.ofSeconds(1), 1_000_000,
				Duration.ofMinutes(5), Duration.ofHours(6), Duration.ofDays(90));
		SourceSettings strict = new SourceSettings(transactions, repository, imports, secrets, audit, properties,
				new OutboundRequests(false, Duration.ofSeconds(5), 1_000_000), clock);
		for (String url : List.of(server.url(), "http://localhost:8765/hr.csv", "https://10.1.2.3/hr.csv",
				"https://[::1]/hr.csv", "https://169.254.169.254/latest")) {
			assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> strict.save(tenant, "sonia",
					new SourceChange(url, "csv", "none", null, null, 5, true, true, 0), ExpectedVersion.fromForm(0))))
				.as(url)
				.isInstanceOfSatisfying(platform.DomainException.InvalidInput.class, e -> assertThat(e.fieldErrors().get("url"))
					.contains("OUTBOUND_ALLOW_PRIVATE_ADDRESSES"));
		}
		assertThat(settings.get(tenant).version()).as("nothing saved").isZero();
		// switched off, it is never pulled: an admin can still disable a source saved before the policy changed
		assertThat(strict.save(tenant, "sonia", new SourceChange(server.url(), "csv", "none", null, null, 5, true, false, 0),
				ExpectedVersion.fromForm(0)).version()).isEqualTo(1);
		// a name is the pull's to resolve; a public address is saved
		assertThat(strict.save(tenant, "sonia", new SourceChange("https://hr.example.com/export.csv", "csv", "none", null,
				null, 5, true, true, 1), ExpectedVersion.fromForm(1)).version()).isEqualTo(2);
	}

	private long importsOfTenant() {
		return transactions.inTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM hr_imports").query(Long.class).single());
	}

	private HrSource save(SourceChange change) {
		// a save makes the source due at the clock's time: a tick on, so each pull starts after the last
		clock.advance(Duration.ofSeconds(1));
		return settings.save(tenant, "sonia", change, ExpectedVersion.fromForm(change.version()));
	}

	private SourceChange source(String format, boolean offboardMissing) {
		return new SourceChange(server.url(), format, "none", null, null, 5, offboardMissing, true,
				settings.get(tenant).version());
	}

	private SourceRun lastRun() {
		return settings.runs(tenant, 1).get(0);
	}

	private String importStatus(ImportView view) {
		return imports.find(tenant, List.of(view.id())).get(0).status();
	}

	private long offboarded() {
		return transactions.inTenant(tenant, () -> jdbc.sql("SELECT count(*) FROM employees WHERE last_day IS NOT NULL")
			.query(Long.class)
			.single());
	}

	private void applyImports() {
		Job apply = jobs.stream().filter(candidate -> candidate.name().equals("hr_import_apply")).findFirst().orElseThrow();
		try {
			apply.run();
		}
		catch (Exception e) {
			throw new IllegalStateException(e);
		}
	}

	private String row(int n, String department) {
		return "E-" + n + ",Person " + n + ",p" + n + "@" + tenant + ".example," + department + "," + start + "\n";
	}

	/** The HR system's export on this machine: conditional GETs, credentials, and the faults a test asks for. */
	static final class HrServer implements AutoCloseable {

		static final String LAST_MODIFIED = "Wed, 02 Dec 2026 08:00:00 GMT";

		final HttpServer http;
		final ExecutorService executor = Executors.newCachedThreadPool();
		final List<Map<String, String>> requests = new CopyOnWriteArrayList<>();
		volatile String etag;
		volatile String body;
		volatile int status = 200;
		volatile Duration delay = Duration.ZERO;
		volatile boolean hangBody;
		volatile String expectedAuthorization;
		volatile boolean validators = true;

		HrServer() throws IOException {
			http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			http.setExecutor(executor);
			http.createContext("/export", this::answer);
			http.start();
		}

		String url() {
			return "http://127.0.0.1:" + http.getAddress().getPort() + "/export";
		}

		void serve(String etag, String body) {
			this.etag = etag;
			this.body = body;
		}

		private void answer(HttpExchange exchange) throws IOException {
			Map<String, String> seen = new java.util.HashMap<>();
			for (String name : List.of("If-None-Match", "If-Modified-Since", "Authorization")) {
				String value = exchange.getRequestHeaders().getFirst(name);
				if (value != null) {
					seen.put(name, value);
				}
			}
			requests.add(seen);
			try (exchange) {
				sleep(delay);
				if (expectedAuthorization != null && !expectedAuthorization.equals(seen.get("Authorization"))) {
					exchange.sendResponseHeaders(401, -1);
					return;
				}
				if (status != 200) {
					exchange.sendResponseHeaders(status, -1);
					return;
				}
				if (etag.equals(seen.get("If-None-Match"))) {
					exchange.sendResponseHeaders(304, -1);
					return;
				}
				byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
				if (validators) {
					exchange.getResponseHeaders().add("ETag", etag);
					exchange.getResponseHeaders().add("Last-Modified", LAST_MODIFIED);
				}
				exchange.getResponseHeaders().add("Content-Type", "text/csv");
				exchange.sendResponseHeaders(200, bytes.length);
				OutputStream out = exchange.getResponseBody();
				if (hangBody) {
					out.write(bytes, 0, bytes.length / 2);
					out.flush();
					sleep(Duration.ofSeconds(5));
				}
				out.write(bytes);
			}
			catch (IOException e) {
				// the client gave up (a timeout the test asked for)
			}
		}

		private static void sleep(Duration duration) {
			if (duration.isZero()) {
				return;
			}
			try {
				Thread.sleep(duration.toMillis());
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}

		@Override
		public void close() {
			http.stop(0);
			executor.shutdownNow();
		}
	}
}
