package platform.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import platform.JmlHubApplication;
import platform.testing.ApiClient;

/**
 * The demo as its user stops it (Ctrl-C, SIGTERM) while it is busy: the application closes while
 * its embedded PostgreSQL still answers, so its dispatcher, handlers and jobs log no error, and
 * the database server stops after it. Runs the application in a child JVM, as {@code java -jar}
 * would.
 */
class DemoShutdownTests {

	@Test
	void aBusyDemoStopsWithoutErrorsAndTakesItsDatabaseWithIt() throws Exception {
		int port = freePort();
		int managementPort = freePort();
		Path log = Files.createTempFile("jmlhub-demo-shutdown", ".log");
		ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), JmlHubApplication.class.getName(), "--server.port=" + port,
				"--management.server.port=" + managementPort, "--temporal.embedded-port=0", "--jmlhub.demo-story=false")
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		Process demo = builder.start();
		try {
			HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
			await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
				.until(() -> ready(http, managementPort) || !demo.isAlive());
			assertThat(demo.isAlive()).as("the demo started; its log: %s", log).isTrue();
			Path data = dataDirectory(demo.pid()).orElseThrow();
			ProcessHandle postmaster = LeftoverDemoServers.postmaster(data).orElseThrow();

			// hires keep the outbox dispatcher and the workflow busy while the demo is stopped
			ApiClient api = new ApiClient(port);
			AtomicBoolean stopped = new AtomicBoolean();
			AtomicInteger hired = new AtomicInteger();
			List<Thread> hiring = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				int thread = t;
				Thread hirer = new Thread(() -> {
					for (int n = 0; !stopped.get(); n++) {
						try {
							if (api.post("hana", "/v1/hr/employees", "{\"displayName\":\"Stop " + thread + " " + n
									+ "\",\"email\":\"stop-" + thread + "-" + n + "@acme.example\",\"department\":\"Ops\","
									+ "\"manager\":\"manny\",\"startDate\":\"2031-01-01\"}").statusCode() == 201) {
								hired.incrementAndGet();
							}
						}
						catch (RuntimeException e) {
							return;
						}
					}
				});
				hirer.start();
				hiring.add(hirer);
			}
			await().atMost(Duration.ofSeconds(60)).until(() -> hired.get() >= 100);

			demo.destroy();
			assertThat(demo.waitFor(60, TimeUnit.SECONDS)).as("stopped within a minute").isTrue();
			stopped.set(true);
			for (Thread thread : hiring) {
				thread.join(10_000);
			}

			String output = Files.readString(log);
			assertThat(output).contains("Outbox dispatcher").contains("stopped");
			assertThat(output.lines().filter(line -> line.contains(" ERROR ")).toList()).as("errors at shutdown").isEmpty();
			await().atMost(Duration.ofSeconds(15)).until(() -> !postmaster.isAlive());
			assertThat(dataDirectory(demo.pid())).as("unregistered").isEmpty();
			// kept when an assertion fails, for the diagnosis
			Files.delete(log);
		}
		finally {
			demo.destroyForcibly();
		}
	}

	private static boolean ready(HttpClient http, int managementPort) {
		try {
			HttpResponse<Void> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort
					+ "/readyz")).timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
			return response.statusCode() == 200;
		}
		catch (IOException e) {
			return false;
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** The data directory the demo JVM registered for its embedded server. */
	private static Optional<Path> dataDirectory(long jvmPid) throws IOException {
		return new LeftoverDemoServers(LeftoverDemoServers.DEFAULT_DIRECTORY).registeredDataDirectory(jvmPid);
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}
}
