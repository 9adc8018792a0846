package jobs.store;

import java.time.Duration;
import java.time.Instant;

import jobs.runner.JobOutcome;

/** One round of a job on one instance; {@code outcome} is {@link JobOutcome#RUNNING} until it finished. */
public record JobRun(long id, String job, String instanceId, Instant startedAt, Instant finishedAt, Duration duration,
		JobOutcome outcome, String error) {
}
