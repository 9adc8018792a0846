package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import platform.testing.MutableClock;

/**
 * An outage is one WARN when it starts (the message, no stack trace) and one INFO when it ends
 * (how long), per component, however many attempts fail in between; the stack traces are at DEBUG.
 */
class OutageLogTests {

	final MutableClock clock = new MutableClock(Instant.parse("2031-01-01T08:00:00Z"));
	final OutageLog outages = new OutageLog(clock);
	final Logger logger = (Logger) LoggerFactory.getLogger(OutageLog.class);
	final ListAppender<ILoggingEvent> appender = new ListAppender<>();
	Level levelBefore;

	@BeforeEach
	void capture() {
		levelBefore = logger.getLevel();
		logger.setLevel(Level.INFO);
		appender.start();
		logger.addAppender(appender);
	}

	@AfterEach
	void release() {
		logger.detachAppender(appender);
		logger.setLevel(levelBefore);
	}

	static RuntimeException databaseDown() {
		return new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection",
				new SQLTransientConnectionException("HikariPool-1 - Connection is not available",
						new ConnectException("Connection refused")));
	}

	@Test
	void manyFailuresAreOneWarnWithoutStackTraceAndTheRecoveryIsOneInfoWithTheDuration() {
		for (int i = 0; i < 50; i++) {
			outages.failed("Outbox dispatch", databaseDown());
			clock.advance(Duration.ofMillis(250));
		}
		assertThat(outages.failing("Outbox dispatch")).isTrue();
		clock.advance(Duration.ofSeconds(80));
		outages.succeeded("Outbox dispatch");
		outages.succeeded("Outbox dispatch");

		List<ILoggingEvent> events = appender.list;
		assertThat(events).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO);
		assertThat(events).allSatisfy(event -> assertThat(event.getThrowableProxy()).as("no stack trace").isNull());
		assertThat(events.get(0).getFormattedMessage())
			.startsWith("Outbox dispatch unavailable since 2031-01-01T08:00:00Z: ConnectException: Connection refused");
		assertThat(events.get(1).getFormattedMessage())
			.isEqualTo("Outbox dispatch available again after 92 s (50 failed attempts)");
		assertThat(outages.failing("Outbox dispatch")).isFalse();
	}

	@Test
	void eachComponentHasItsOwnOutageAndANewOutageIsANewWarn() {
		outages.failed("Outbox dispatch", databaseDown());
		outages.failed("Job workflow_reconcile", databaseDown());
		outages.failed("Outbox dispatch", databaseDown());
		outages.succeeded("Outbox dispatch");
		outages.failed("Outbox dispatch", databaseDown());

		assertThat(appender.list).extracting(ILoggingEvent::getLevel)
			.containsExactly(Level.WARN, Level.WARN, Level.INFO, Level.WARN);
		assertThat(appender.list.get(1).getFormattedMessage()).startsWith("Job workflow_reconcile unavailable since");
	}

	@Test
	void theStackTracesAreAtDebug() {
		logger.setLevel(Level.DEBUG);
		outages.failed("Database", databaseDown());
		outages.failed("Database", databaseDown());

		assertThat(appender.list).filteredOn(event -> event.getThrowableProxy() != null)
			.extracting(ILoggingEvent::getLevel)
			.containsExactly(Level.DEBUG, Level.DEBUG);
		assertThat(appender.list).filteredOn(event -> event.getLevel() == Level.WARN).hasSize(1);
	}

	@Test
	void successWithoutAnOutageSaysNothing() {
		outages.succeeded("Outbox dispatch");
		assertThat(appender.list).isEmpty();
	}

	@Test
	void onlyAnUnreachableDependencyIsAnOutageNotABug() {
		assertThat(OutageLog.isOutage(databaseDown())).isTrue();
		assertThat(OutageLog.isOutage(new TemporalUnavailableException("Temporal did not answer", null))).isTrue();
		assertThat(OutageLog.isOutage(new NullPointerException("bug"))).isFalse();
		assertThat(OutageLog.isOutage(new IllegalStateException("wrapped", new NullPointerException()))).isFalse();
	}
}
