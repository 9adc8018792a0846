package jobs.runner;

import java.time.Duration;

/** Metrics port: one observation per finished (or timed-out) invocation. */
@FunctionalInterface
public interface JobRunMetrics {

	void record(String job, JobOutcome outcome, Duration duration);
}
