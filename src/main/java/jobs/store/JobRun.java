package jobs.store;

import java.time.Duration;
import java.time.Instant;

/** One round of a job on one instance; {@code outcome} is running, succeeded, failed or timed_out. */
public record JobRun(long id, String job, String instanceId, Instant startedAt, Instant finishedAt, Duration duration,
		String outcome, String error) {

	/** The stored outcome of a round that has not finished; a finished one stores a {@code JobOutcome} label. */
	public static final String RUNNING = "running";
}
