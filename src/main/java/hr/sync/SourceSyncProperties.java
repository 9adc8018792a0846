package hr.sync;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The source sync's limits: whether a source may be plain http on a host that is not this machine's
 * loopback ({@code allowHttp}; https otherwise), how long a pull waits for the answer's headers and
 * for each further piece of its body ({@code readTimeout}; the connection's own timeout is the
 * platform's {@code jmlhub.outbound.timeout}), the largest answer read ({@code maxBytes}), the
 * backoff after failed pulls (doubling from {@code firstBackoff} to {@code maxBackoff}), and how
 * long the pulls' records are kept ({@code keepRuns}).
 */
@ConfigurationProperties("jmlhub.hr-sync")
record SourceSyncProperties(boolean allowHttp, Duration readTimeout, long maxBytes, Duration firstBackoff,
		Duration maxBackoff, Duration keepRuns) {
}
