package jobs.assembly;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The job tables: how often an instance writes its heartbeat, how often it looks for "Run now"
 * requests, when an instance counts as gone, how long runs are kept.
 */
@ConfigurationProperties(prefix = "jmlhub.jobs.history")
public record JobsHistoryProperties(Duration heartbeatInterval, Duration triggerPollInterval, Duration instanceTimeout,
		Duration retention) {

	public JobsHistoryProperties {
		heartbeatInterval = heartbeatInterval == null ? Duration.ofSeconds(5) : heartbeatInterval;
		triggerPollInterval = triggerPollInterval == null ? Duration.ofSeconds(1) : triggerPollInterval;
		instanceTimeout = instanceTimeout == null ? Duration.ofSeconds(30) : instanceTimeout;
		retention = retention == null ? Duration.ofDays(7) : retention;
	}
}
