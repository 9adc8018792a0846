package jobs.store;

import java.time.Duration;
import java.time.Instant;

/** One round of a job on one instance; {@code outcome} is running, succeeded, failed or timed_out. */
public record JobRun(long id, String job, String instanceId, Instant startedAt, Instant finishedAt, Duration duration,
		String outcome, String error) {
}
