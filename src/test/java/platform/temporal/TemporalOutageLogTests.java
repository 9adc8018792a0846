package platform.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationListener;
import org.springframework.core.io.support.SpringFactoriesLoader;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.WorkerFactory;
import outbox.testing.TcpProxy;
import platform.OutageLog;
import platform.RuntimeRoles;
import platform.TemporalProperties;

/**
 * A Temporal cut under a polling worker (the SDK's test server behind a TCP proxy that resets every
 * connection): the log says it once, a WARN "Temporal at ... unavailable since", and once more when
 * it is back, an INFO "available again after"; no line at INFO or above carries a stack trace
 * (without the filter the pollers wrote one per poller and attempt).
 */
class TemporalOutageLogTests {

	@ActivityInterface
	public interface Ping {

		@ActivityMethod
		String ping();
	}

	@Test
	void aCutIsOneWarnAndOneInfoWithoutStackTraces() throws Exception {
		// the filter as the application installs it: through its spring.factories listener
		SpringFactoriesLoader.loadFactories(ApplicationListener.class, getClass().getClassLoader())
			.stream()
			.filter(listener -> listener.getClass().getName().equals("platform.config.QuietOutageLogging"))
			.forEach(listener -> listener.onApplicationEvent(null));
		LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
		assertThat(context.getTurboFilterList()).as("installed").isNotEmpty();
		Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
		ListAppender<ILoggingEvent> appender = new ListAppender<>();
		appender.start();

		int port = freePort();
		try (TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port, true);
				TcpProxy proxy = new TcpProxy("127.0.0.1", port)) {
			WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
					WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + proxy.port()).build());
			WorkerFactory factory = WorkerFactory.newInstance(WorkflowClient.newInstance(stubs));
			factory.newWorker("quiet-logs").registerActivitiesImplementations((Ping) () -> "pong");
			TemporalReachability reachability = new TemporalReachability(stubs, new OutageLog(Clock.systemUTC()),
					new RuntimeRoles(Set.of("worker"), null), new TemporalProperties("x", "default", "quiet-logs", 0, null));
			try {
				factory.start();
				reachability.check();
				root.addAppender(appender);

				proxy.cut();
				for (int i = 0; i < 8; i++) {
					reachability.check();
					Thread.sleep(1000);
				}
				proxy.restore();
				await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
					reachability.check();
					assertThat(messages(appender, Level.INFO)).anyMatch(line -> line.contains("available again after"));
				});
			}
			finally {
				root.detachAppender(appender);
				factory.shutdownNow();
				stubs.shutdownNow();
			}
		}

		List<ILoggingEvent> events = List.copyOf(appender.list);
		assertThat(events).filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.INFO))
			.allSatisfy(event -> assertThat(event.getThrowableProxy())
				.as("no stack trace at INFO or above: %s %s", event.getLoggerName(), event.getFormattedMessage())
				.isNull());
		assertThat(messages(appender, Level.WARN)).filteredOn(line -> line.startsWith("Temporal at 127.0.0.1:"))
			.singleElement()
			.asString()
			.contains("unavailable since");
		assertThat(messages(appender, Level.INFO)).filteredOn(line -> line.contains("available again after"))
			.hasSize(1);
	}

	private static List<String> messages(ListAppender<ILoggingEvent> appender, Level level) {
		return List.copyOf(appender.list).stream()
			.filter(event -> event.getLevel() == level)
			.map(ILoggingEvent::getFormattedMessage)
			.toList();
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
