package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import platform.OutageLog;

/** With dispatch enabled, an instance whose LISTEN connection cannot be opened refuses to start. */
class DispatcherStartupTests {

	static OutboxProperties properties(Duration eventLease) {
		return new OutboxProperties(1, 10, Duration.ofSeconds(30), Duration.ofSeconds(1), eventLease,
				Duration.ofSeconds(1), false, Duration.ofMillis(10), Duration.ofMillis(20), Duration.ofSeconds(1),
				Duration.ofMillis(10), "w", Duration.ofDays(7), 10, Duration.ZERO);
	}

	@Test
	void refusesToStartWithoutTheListenConnection() {
		Dispatcher dispatcher = new Dispatcher("w", properties(Duration.ofSeconds(3)), null, null, null, null, null,
				new WakeSignal(), () -> {
					throw new SQLException("connection refused");
				}, new OutageLog(Clock.systemUTC()), true);
		assertThatThrownBy(dispatcher::start).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("LISTEN connection").hasRootCauseMessage("connection refused");
	}

	@Test
	void doesNothingWhenDispatchIsDisabled() {
		Dispatcher dispatcher = new Dispatcher("w", properties(Duration.ofSeconds(3)), null, null, null, null, null,
				new WakeSignal(), () -> {
					throw new SQLException("must not be called");
				}, new OutageLog(Clock.systemUTC()), false);
		dispatcher.start();
		assertThat(dispatcher.isRunning()).isFalse();
	}

	@Test
	void rejectsLeasesTooShortToRenew() {
		assertThatThrownBy(() -> properties(Duration.ofMillis(100))).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("outbox.event-lease");
	}

	@Test
	void renewsAndRescuesOnATimeScaleOfTheLease() {
		OutboxProperties properties = properties(Duration.ofSeconds(30));
		assertThat(properties.heartbeatInterval()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties.rescueInterval()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties(Duration.ofSeconds(300)).rescueInterval()).isEqualTo(Duration.ofSeconds(30));
	}
}
