package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** With dispatch enabled, an instance whose LISTEN connection cannot be opened refuses to start. */
class DispatcherStartupTests {

	@Test
	void refusesToStartWithoutTheListenConnection() {
		OutboxProperties properties = new OutboxProperties(1, 10, Duration.ofSeconds(30), Duration.ofSeconds(1),
				Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofMillis(10), Duration.ofMillis(20),
				Duration.ofSeconds(1), Duration.ofMillis(10), "w", Duration.ofDays(7), 10, Duration.ZERO);
		Dispatcher dispatcher = new Dispatcher("w", properties, null, null, () -> {
			throw new SQLException("connection refused");
		}, true);
		assertThatThrownBy(dispatcher::start).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("LISTEN connection").hasRootCauseMessage("connection refused");
	}

	@Test
	void doesNothingWhenDispatchIsDisabled() {
		OutboxProperties properties = new OutboxProperties(1, 10, Duration.ofSeconds(30), Duration.ofSeconds(1),
				Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofMillis(10), Duration.ofMillis(20),
				Duration.ofSeconds(1), Duration.ofMillis(10), "w", Duration.ofDays(7), 10, Duration.ZERO);
		Dispatcher dispatcher = new Dispatcher("w", properties, null, null, () -> {
			throw new SQLException("must not be called");
		}, false);
		dispatcher.start();
		org.assertj.core.api.Assertions.assertThat(dispatcher.isRunning()).isFalse();
	}

	@Test
	void rejectsLeasesThatDoNotCoverAnAttempt() {
		assertThatThrownBy(() -> new OutboxProperties(1, 10, Duration.ofSeconds(30), Duration.ofSeconds(10),
				Duration.ofSeconds(5), Duration.ofSeconds(6), Duration.ofMillis(10), Duration.ofMillis(20),
				Duration.ofSeconds(1), Duration.ofMillis(10), "w", Duration.ofDays(7), 10, Duration.ZERO))
			.hasMessageContaining("event-lease");
	}
}
