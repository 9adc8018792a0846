package jobs.store;

import java.time.Instant;

/** A worker instance as its last heartbeat described it; {@code runnersJson} is its runners' snapshot. */
public record JobInstance(String instanceId, String host, String roles, Instant startedAt, Instant heartbeatAt,
		Instant stoppedAt, String runnersJson) {
}
