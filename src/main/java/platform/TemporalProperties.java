package platform;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Temporal connection. An empty {@code target} starts the SDK's in-process test server on
 * {@code embeddedPort} (0 picks a free port) instead of connecting to a cluster.
 */
@ConfigurationProperties(prefix = "temporal")
public record TemporalProperties(String target, String namespace, String taskQueue, int embeddedPort) {

	public boolean embedded() {
		return target == null || target.isBlank();
	}
}
