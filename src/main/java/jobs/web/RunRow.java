package jobs.web;

import java.time.Instant;

import jobs.store.JobRun;

/** One recorded run in the page's history table. */
record RunRow(String job, String instance, Instant startedAt, String startedAgo, String startedAbsolute,
		String duration, String outcome, String outcomeBadge, String error) {

	static RunRow of(JobRun run, Instant now) {
		return new RunRow(run.job(), run.instanceId(), run.startedAt(), HumanTime.ago(run.startedAt(), now),
				HumanTime.absolute(run.startedAt()), run.duration() == null ? null : HumanTime.elapsed(run.duration()),
				JobRow.label(run.outcome()), JobRow.outcomeBadge(run.outcome()), run.error());
	}
}
