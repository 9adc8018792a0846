package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.sql.Connection;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;

/**
 * PostgreSQL goes away under a running application and comes back: the server really stops
 * (a fast shutdown of a PostgreSQL of this test's own, so the other tests' database is
 * untouched) and restarts on the same port and data. Meanwhile every API call answers 503
 * problem+json with {@code Retry-After} within the configured connection timeout, whatever the
 * credentials (never 401), pages show "temporarily unavailable" and {@code /readyz} is down;
 * afterwards everything works again without a restart of the application. The log says it once
 * when it starts and once when it ends, without a stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class DatabaseOutageTests {

	static final long CONNECTION_TIMEOUT_MS = 2000;

	static Path data;
	static EmbeddedPostgres postgres;
	static ConfigurableApplicationContext app;
	static PostgresProcess server;

	@BeforeAll
	static void start() throws IOException {
		data = Files.createTempDirectory("jmlhub-outage-test-pg");
		postgres = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(true)
			.setServerConfig("max_connections", "100").start();
		String url = "jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres";
		List<String> args = new ArrayList<>(List.of("--spring.datasource.url=" + url, "--spring.flyway.url=" + url,
				"--spring.flyway.user=postgres", "--spring.flyway.password=postgres", "--jmlhub.demo=true",
				"--jmlhub.embedded.postgres-active=true", "--spring.datasource.hikari.maximum-pool-size=8",
				"--spring.datasource.hikari.connection-timeout=" + CONNECTION_TIMEOUT_MS,
				"--jmlhub.outage.retry-after=7s"));
		app = new SpringApplicationBuilder(JmlHubApplication.class).run(args.toArray(String[]::new));
	}

	@AfterAll
	static void stop() throws IOException {
		if (app != null) {
			app.close();
		}
		if (server != null) {
			try {
				server.close();
			}
			catch (Exception e) {
				throw new IllegalStateException(e);
			}
		}
		if (postgres != null) {
			postgres.close();
		}
	}

	@Test
	void anOutageIs503WithRetryAfterNever401NorAHangAndTheApplicationRecoversWithoutRestart(CapturedOutput output)
			throws Exception {
		ApiClient api = new ApiClient(port());
		assertThat(api.get("hana", "/v1/workflow-runs").statusCode()).isEqualTo(200);
		var created = api.post("ada", "/v1/admin/api-tokens", "{\"name\":\"outage\",\"roles\":[\"HR\"],\"expiresAt\":\""
				+ Instant.now().plus(Duration.ofDays(1)) + "\"}");
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		String token = ApiClient.field(created.body(), "token");
		ConsoleSession console = ConsoleSession.login(port(), "hana");
		assertThat(console.get("/runs").statusCode()).isEqualTo(200);
		assertThat(readyz().statusCode()).isEqualTo(200);

		server = PostgresProcess.of(data);
		int logFrom = output.getOut().length();
		server.stop();
		try {
			// hana's Basic sign-in is cached (the controller fails), manny's is not (the sign-in fails),
			// a wrong password cannot be told from a right one while the users are unreachable
			for (var call : List.<java.util.function.Supplier<HttpResponse<String>>>of(
					() -> api.get("hana", "/v1/workflow-runs"), () -> api.get("manny", "/v1/me"),
					() -> new ApiClient(port(), "wrong").get("sam", "/v1/me"),
					() -> api.withToken(token, "GET", "/v1/hr/employees", null),
					() -> api.post("hana", "/v1/hr/employees", "{\"displayName\":\"X\",\"email\":\"x@acme.example\","
							+ "\"department\":\"IT\",\"startDate\":\"2031-01-01\"}"))) {
				long started = System.nanoTime();
				HttpResponse<String> response = call.get();
				long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
				assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
				assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
				assertThat(response.headers().firstValue("Retry-After")).hasValue("7");
				assertThat(response.body()).contains("problems/service-unavailable").doesNotContain("Exception");
				assertThat(tookMs).as("bounded by the connection timeout").isLessThan(CONNECTION_TIMEOUT_MS + 3000);
			}
			var page = console.get("/runs");
			assertThat(page.statusCode()).isEqualTo(503);
			assertThat(page.headers().firstValue("Retry-After")).hasValue("7");
			assertThat(page.body()).contains("Temporarily unavailable", "Hana Hoffmann");
			assertThat(readyz().statusCode()).isEqualTo(503);
			assertThat(signInPage("manny", "demo")).contains("temporarily unavailable").doesNotContain("Wrong username");
		}
		finally {
			server.start();
		}

		await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
			assertThat(api.get("hana", "/v1/workflow-runs").statusCode()).isEqualTo(200);
			assertThat(api.get("manny", "/v1/me").statusCode()).isEqualTo(200);
			assertThat(api.withToken(token, "GET", "/v1/hr/employees", null).statusCode()).isEqualTo(200);
			assertThat(console.get("/runs").statusCode()).isEqualTo(200);
			assertThat(readyz().statusCode()).isEqualTo(200);
		});
		assertThat(new ApiClient(port(), "wrong").get("sam", "/v1/me").statusCode()).isEqualTo(401);

		// the log: one WARN when the outage starts and one INFO when it ends, per component, no stack trace
		await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(output.getOut().substring(logFrom))
			.contains("Database available again after"));
		String log = output.getOut().substring(logFrom);
		assertThat(log.lines().filter(line -> line.startsWith("\tat ")).count()).as("no stack trace: " + log).isZero();
		assertThat(log.split("Database unavailable since", -1)).as("one WARN: " + log).hasSize(2);
		assertThat(log.split("Database available again after", -1)).as("one INFO: " + log).hasSize(2);
		assertThat(log.split("Outbox dispatch unavailable since", -1).length).as("at most one WARN").isLessThanOrEqualTo(2);
	}

	/**
	 * A pool with no connection left (every one held elsewhere, as under an overload) is an outage
	 * too: 503 with Retry-After for a signed-in API client and a console session, no stack trace.
	 * (Where a filter behind the sign-in meets it: {@code platform.web.DatabaseOutageFilterTests}.)
	 */
	@Test
	void aPoolWithNoConnectionLeftIs503WithoutAStackTrace(CapturedOutput output) throws Exception {
		ApiClient api = new ApiClient(port());
		assertThat(api.get("hana", "/v1/me").statusCode()).isEqualTo(200);
		ConsoleSession console = ConsoleSession.login(port(), "hana");
		assertThat(console.get("/runs").statusCode()).isEqualTo(200);
		int logFrom = output.getOut().length();
		List<Connection> held = new ArrayList<>();
		try {
			DataSource pool = app.getBean(DataSource.class);
			for (int i = 0; i < 8; i++) {
				held.add(pool.getConnection());
			}
			HttpResponse<String> response = api.get("hana", "/v1/me");
			assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
			assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(response.headers().firstValue("Retry-After")).hasValue("7");
			assertThat(response.body()).contains("problems/service-unavailable");
			var page = console.get("/runs");
			assertThat(page.statusCode()).isEqualTo(503);
			assertThat(page.headers().firstValue("Retry-After")).hasValue("7");
			assertThat(page.body()).contains("Temporarily unavailable");
		}
		finally {
			for (Connection connection : held) {
				connection.close();
			}
		}
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(api.get("hana", "/v1/me").statusCode()).isEqualTo(200));
		String log = output.getOut().substring(logFrom);
		assertThat(log.lines().filter(line -> line.startsWith("\tat ")).count()).as("no stack trace: " + log).isZero();
	}

	/** Signs in on the form from a fresh session; the page the sign-in leads to. */
	static String signInPage(String username, String password) throws Exception {
		HttpClient client = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager()).build();
		String base = "http://localhost:" + port();
		var csrf = java.util.regex.Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
			.matcher(client.send(HttpRequest.newBuilder(URI.create(base + "/login")).build(),
					HttpResponse.BodyHandlers.ofString()).body());
		assertThat(csrf.find()).isTrue();
		var login = client.send(HttpRequest.newBuilder(URI.create(base + "/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("username=" + username + "&password=" + password + "&_csrf=" + csrf.group(1)))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(login.statusCode()).isEqualTo(302);
		String location = login.headers().firstValue("Location").orElseThrow();
		return client.send(HttpRequest.newBuilder(URI.create(base).resolve(location)).build(),
				HttpResponse.BodyHandlers.ofString()).body();
	}

	static int port() {
		return app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	static HttpResponse<String> readyz() throws Exception {
		int management = app.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
		return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management + "/readyz"))
			.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * The postmaster of the test's server, stopped with SIGINT (PostgreSQL's fast shutdown: every
	 * connection is cut) and started again with its own binary, data directory, port and options
	 * (as the embedded server does: {@code unshare -U}, so that it does not run as root).
	 */
	static final class PostgresProcess {

		private final ProcessHandle original;
		private final List<String> commandLine;
		private Process restarted;

		private PostgresProcess(ProcessHandle original, List<String> commandLine) {
			this.original = original;
			this.commandLine = commandLine;
		}

		/** The postmaster of {@code data} (the first line of its {@code postmaster.pid}) and its command line. */
		static PostgresProcess of(Path data) throws IOException {
			long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
			ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
			String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"));
			List<String> commandLine = List.of(cmdline.split("\u0000"));
			assertThat(commandLine.get(0)).endsWith("postgres");
			return new PostgresProcess(postmaster, commandLine);
		}

		void stop() throws Exception {
			signal(original);
		}

		void start() throws IOException {
			// as the embedded server runs it: in a user namespace, since PostgreSQL refuses to run as root
			List<String> line = new ArrayList<>(List.of("unshare", "-U"));
			line.addAll(commandLine);
			restarted = new ProcessBuilder(line).redirectErrorStream(true)
				.redirectOutput(data.resolveSibling(data.getFileName() + ".log").toFile())
				.start();
		}

		/** Stops the restarted server (the embedded server's own close cannot: it uses pg_ctl). */
		void close() throws Exception {
			if (restarted != null && restarted.isAlive()) {
				signal(restarted.toHandle());
			}
		}

		private static void signal(ProcessHandle postmaster) throws Exception {
			Process kill = new ProcessBuilder("kill", "-INT", Long.toString(postmaster.pid())).inheritIO().start();
			assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
			postmaster.onExit().get(30, TimeUnit.SECONDS);
		}
	}
}
