package outbox.dispatch;

import java.lang.management.ManagementFactory;
import java.sql.DriverManager;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.StringUtils;

import io.micrometer.core.instrument.MeterRegistry;
import outbox.codec.EventCodec;
import outbox.store.OutboxEventRepository;
import platform.OutageLog;
import platform.RuntimeRoles;
import platform.TenantTransactions;

/**
 * Wires the dispatcher. It only runs where {@link RuntimeRoles#dispatching()} holds; the metrics
 * and the two readiness checks exist everywhere (without dispatch the checks report UP with
 * {@code dispatch: disabled}, so the readiness group is the same in every role).
 */
@Configuration(proxyBeanMethods = false)
class DispatchConfiguration {

	@Bean
	DispatchMetrics dispatchMetrics(MeterRegistry registry, EventCodec codec, OutboxEventRepository events,
			OutboxProperties properties) {
		return new DispatchMetrics(registry, codec.storedTypes(), events::backlogTotal, events::stuckTotal,
				properties.backlogCacheTtl());
	}

	@Bean
	WakeSignal outboxWakeSignal() {
		return new WakeSignal();
	}

	@Bean
	Wakeups outboxWakeups(WakeSignal signal, JdbcClient jdbc) {
		return new Wakeups(signal, jdbc);
	}

	@Bean
	ListenConnections listenConnections(DataSourceProperties dataSource) {
		return () -> {
			Properties connection = new Properties();
			connection.setProperty("user", dataSource.determineUsername());
			connection.setProperty("password", dataSource.determinePassword());
			connection.setProperty("ApplicationName", "jml-hub outbox listener");
			connection.setProperty("tcpKeepAlive", "true");
			return DriverManager.getConnection(dataSource.determineUrl(), connection);
		};
	}

	@Bean
	Dispatcher outboxDispatcher(OutboxProperties properties, OutboxEventRepository events, TenantTransactions transactions,
			HandlerRegistry registry, DispatchMetrics metrics, WakeSignal signal, ListenConnections connections,
			RuntimeRoles roles, OutageLog outages) {
		String workerId = StringUtils.hasText(properties.workerId()) ? properties.workerId()
				: ManagementFactory.getRuntimeMXBean().getName();
		return assemble(workerId, properties, events, transactions, registry, metrics, signal, connections, outages,
				roles.dispatching());
	}

	/** A dispatcher and its parts (also how the tests build a second instance). */
	static Dispatcher assemble(String workerId, OutboxProperties properties, OutboxEventRepository events,
			TenantTransactions transactions, HandlerRegistry registry, DispatchMetrics metrics, WakeSignal signal,
			ListenConnections connections, OutageLog outages, boolean enabled) {
		RetryPolicy retryPolicy = new RetryPolicy(properties.retryBaseDelay(), properties.retryMaxDelay(),
				() -> ThreadLocalRandom.current().nextDouble());
		DeadLetterNotices notices = new DeadLetterNotices(registry, transactions);
		AttemptRunner attempts = new AttemptRunner(transactions, events, registry, retryPolicy, metrics, notices, properties);
		Leases leases = new Leases(events, properties, outages);
		DispatchRound round = new DispatchRound(events, attempts, leases, properties, signal);
		LeaseRescue rescue = new LeaseRescue(events, metrics, notices, properties.rescueInterval());
		return new Dispatcher(workerId, properties, round, attempts, leases, rescue, events, signal, connections,
				outages, enabled);
	}

	@Bean
	HealthIndicator outboxDispatchHealthIndicator(Dispatcher dispatcher, OutboxEventRepository events) {
		return new AbstractHealthIndicator("The outbox tables are not available") {
			@Override
			protected void doHealthCheck(Health.Builder health) {
				if (!dispatcher.enabled()) {
					health.up().withDetail("dispatch", "disabled");
					return;
				}
				try {
					events.secondsUntilDue();
				}
				catch (RuntimeException e) {
					if (!OutageLog.isOutage(e)) {
						throw e;
					}
					// down, without the stack trace a thrown failure would log on every check
					health.down().withDetail("error", "the database is unavailable");
					return;
				}
				health.up();
			}
		};
	}

	@Bean
	HealthIndicator outboxListenHealthIndicator(Dispatcher dispatcher) {
		return new AbstractHealthIndicator("The outbox LISTEN connection is not available") {
			@Override
			protected void doHealthCheck(Health.Builder health) {
				if (!dispatcher.enabled()) {
					health.up().withDetail("dispatch", "disabled");
					return;
				}
				WakeListener listener = dispatcher.listener();
				if (dispatcher.isRunning() && listener.listening()) {
					health.up().withDetail("backendPid", listener.backendPid());
				}
				else {
					health.down().withDetail("error", String.valueOf(listener.lastError()));
				}
			}
		};
	}
}
