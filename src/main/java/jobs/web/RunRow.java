package jobs.web;

import java.time.Instant;

import jobs.store.JobRun;
import platform.Badge;
import platform.ConsoleTime;

/** One recorded run in the page's history table. */
record RunRow(String job, String instance, Instant startedAt, String startedAgo, String startedAbsolute,
		String duration, Badge outcome, String error) {

	static RunRow of(JobRun run, ConsoleTime times) {
		return new RunRow(run.job(), run.instanceId(), run.startedAt(), times.when(run.startedAt()),
				times.at(run.startedAt()), run.duration() == null ? null : times.elapsed(run.duration()),
				JobRow.outcome(run.outcome()), run.error());
	}
}
