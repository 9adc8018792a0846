package jobs.web;

import java.time.Instant;

import jobs.runner.JobOutcome;
import jobs.runner.JobRunnerState;

/** One runner as the jobs page shows it: texts and Bootstrap badge classes, times relative to {@code now}. */
record JobRow(String name, String interval, String timeout, String state, String stateBadge, boolean queued,
		Instant lastStartedAt, String lastStartedAgo, String lastStartedAbsolute, String lastDuration,
		String lastOutcome, String outcomeBadge, String lastError, Instant nextRunAt, String nextRunIn,
		String nextRunAbsolute) {

	static JobRow of(JobRunnerState job, Instant now) {
		Instant started = job.lastStartedAt();
		Instant next = job.nextRunAt();
		JobOutcome outcome = job.lastOutcome();
		return new JobRow(job.name(), HumanTime.span(job.interval()), HumanTime.span(job.timeout()), state(job),
				stateBadge(job), job.queued(), started, started == null ? null : HumanTime.ago(started, now),
				started == null ? null : HumanTime.absolute(started),
				job.lastDuration() == null ? null : HumanTime.elapsed(job.lastDuration()),
				outcome == null ? null : outcome.label().replace('_', ' '), outcomeBadge(outcome), job.lastError(), next,
				next == null ? null : HumanTime.until(next, now), next == null ? null : HumanTime.absolute(next));
	}

	private static String state(JobRunnerState job) {
		if (job.overdue()) {
			return "timed out, still returning";
		}
		if (job.running()) {
			return "running";
		}
		return job.stopped() ? "stopped" : "idle";
	}

	private static String stateBadge(JobRunnerState job) {
		if (job.overdue()) {
			return "text-bg-danger";
		}
		if (job.running()) {
			return "text-bg-primary";
		}
		return job.stopped() ? "text-bg-secondary" : "text-bg-light border";
	}

	private static String outcomeBadge(JobOutcome outcome) {
		if (outcome == null) {
			return null;
		}
		return switch (outcome) {
			case SUCCEEDED -> "text-bg-success";
			case FAILED -> "text-bg-danger";
			case TIMED_OUT -> "text-bg-warning";
		};
	}
}
