package platform.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.grpc.Status;

/**
 * The library lines an outage repeats are dropped (the Temporal pollers' and Hikari's stack
 * traces, the second report of a refused start); their loggers at DEBUG get everything, and any
 * other warning passes.
 */
class QuietOutageFilterTests {

	final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
	final QuietOutageFilter filter = new QuietOutageFilter();
	final ListAppender<ILoggingEvent> appender = new ListAppender<>();
	final Logger poller = context.getLogger("io.temporal.internal.worker.BasePoller");
	final Logger hikari = context.getLogger("com.zaxxer.hikari.pool.ProxyConnection");
	final Logger refresh = context.getLogger(
			"org.springframework.boot.web.server.servlet.context.AnnotationConfigServletWebServerApplicationContext");

	QuietOutageFilterTests() {
		filter.setContext(context);
		filter.start();
		context.addTurboFilter(filter);
		appender.start();
		for (Logger logger : new Logger[] { poller, hikari, refresh }) {
			logger.addAppender(appender);
		}
	}

	@AfterEach
	void remove() {
		context.getTurboFilterList().remove(filter);
		for (Logger logger : new Logger[] { poller, hikari, refresh }) {
			logger.detachAppender(appender);
			logger.setLevel(null);
		}
	}

	@Test
	void aPollerFailingBecauseTemporalIsAwayIsDroppedUnlessItsLoggerIsAtDebug() {
		poller.warn("Failure in poller thread {}", "Workflow Poller: 1", Status.UNAVAILABLE.asRuntimeException());
		poller.info("DEADLINE_EXCEEDED in poller thread {}", "Workflow Poller: 2",
				Status.DEADLINE_EXCEEDED.asRuntimeException());
		assertThat(appender.list).isEmpty();

		poller.setLevel(Level.DEBUG);
		poller.warn("Failure in poller thread {}", "Workflow Poller: 1", Status.UNAVAILABLE.asRuntimeException());
		assertThat(appender.list).hasSize(1);
		assertThat(appender.list.get(0).getThrowableProxy()).isNotNull();
	}

	@Test
	void aPollerRefusedForAnotherReasonStillWarns() {
		poller.warn("Failure in poller thread {}", "Workflow Poller: 1", Status.PERMISSION_DENIED.asRuntimeException());
		assertThat(appender.list).hasSize(1);
	}

	@Test
	void hikarisBrokenConnectionsOfAnOutageAreDroppedOtherWarningsPass() {
		hikari.warn("{} - Connection {} marked as broken because of SQLSTATE({}), ErrorCode({})", "HikariPool-1", "c",
				"08006", 0, new SQLTransientConnectionException("An I/O error occurred", "08006"));
		assertThat(appender.list).isEmpty();
		hikari.warn("{} - Connection {} marked as broken because of SQLSTATE({}), ErrorCode({})", "HikariPool-1", "c",
				"XX000", 0, new SQLException("internal error", "XX000"));
		assertThat(appender.list).hasSize(1);
	}

	@Test
	void aFailedReadinessCheckOrSignInOfAnOutageIsDroppedABugIsNot() {
		Logger health = context.getLogger("org.springframework.boot.jdbc.health.DataSourceHealthIndicator");
		Logger signIn = context.getLogger(
				"org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter");
		health.addAppender(appender);
		signIn.addAppender(appender);
		try {
			health.warn("DataSource health check failed", new SQLTransientConnectionException("refused", "08001"));
			signIn.error("An internal error occurred while trying to authenticate the user.",
					new IllegalStateException(new SQLTransientConnectionException("refused", "08001")));
			assertThat(appender.list).isEmpty();
			signIn.error("An internal error occurred while trying to authenticate the user.",
					new NullPointerException("bug"));
			assertThat(appender.list).hasSize(1);
		}
		finally {
			health.detachAppender(appender);
			signIn.detachAppender(appender);
		}
	}

	@Test
	void aRefusedStartIsNotReportedASecondTimeByTheContext() {
		refresh.warn("Exception encountered during context initialization - cancelling refresh attempt: "
				+ "platform.StartupRefusedException: APP_ROLES has the unknown value(s) [wroker].");
		assertThat(appender.list).isEmpty();
		refresh.error("Error starting Tomcat context. Exception: org.springframework.beans.factory."
				+ "UnsatisfiedDependencyException. Message: ... FATAL: database \"jmlx\" does not exist");
		assertThat(appender.list).isEmpty();
		refresh.warn("Something else");
		assertThat(appender.list).hasSize(1);
	}
}
