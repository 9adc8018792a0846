package jobs.store;

import jobs.runner.JobOutcome;

/**
 * One runner of one instance as its heartbeat stored it (in {@code job_instances.runners}).
 * Times are ISO-8601 strings, durations ISO-8601 durations; {@code null} when unknown.
 */
public record RunnerSnapshot(String name, String interval, String timeout, boolean running, boolean overdue,
		boolean queued, boolean stopped, String lastStartedAt, String lastDuration, JobOutcome lastOutcome,
		String lastError, String nextRunAt) {
}
