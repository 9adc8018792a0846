package platform;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Temporal connection. An empty {@code target} starts the SDK's in-process test server on
 * {@code embeddedPort} (0 picks a free port) instead of connecting to a cluster.
 * {@code callTimeout} is the deadline of one client call (a start, a signal), retries included:
 * nobody waits longer on Temporal than that.
 */
@ConfigurationProperties(prefix = "temporal")
public record TemporalProperties(String target, String namespace, String taskQueue, int embeddedPort,
		Duration callTimeout) {

	public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(5);

	public TemporalProperties {
		if (callTimeout == null) {
			callTimeout = DEFAULT_CALL_TIMEOUT;
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException("temporal.call-timeout (TEMPORAL_CALL_TIMEOUT) must be positive, not " + callTimeout);
		}
	}

	public boolean embedded() {
		return target == null || target.isBlank();
	}
}
