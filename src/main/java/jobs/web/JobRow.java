package jobs.web;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jobs.runner.JobOutcome;
import jobs.store.JobRun;
import platform.ConsoleTime;

/**
 * One job as the jobs page shows it, across the live instances that run it: texts and Bootstrap
 * badge classes, times as the console shows them ({@link ConsoleTime}). The last run is the newest finished one of any instance.
 */
record JobRow(String name, String interval, String timeout, String instances, String state, String stateBadge,
		boolean queued, Instant lastStartedAt, String lastStartedAgo, String lastStartedAbsolute, String lastDuration,
		String lastOutcome, String outcomeBadge, String lastError, String lastInstance, Instant nextRunAt,
		String nextRunIn, String nextRunAbsolute) {

	static JobRow of(JobsOverview.Job job, ConsoleTime times) {
		JobRun last = job.lastRun();
		Instant started = last == null ? null : last.startedAt();
		Instant next = job.nextRunAt();
		return new JobRow(job.name(), span(job.sample().interval(), times), span(job.sample().timeout(), times),
				String.join(", ", job.instances()), state(job), stateBadge(job), job.queued(), started,
				started == null ? null : times.when(started), started == null ? null : times.at(started),
				last == null || last.duration() == null ? null : times.elapsed(last.duration()),
				last == null ? null : label(last.outcome()), last == null ? null : outcomeBadge(last.outcome()),
				last == null ? null : last.error(), last == null ? null : last.instanceId(), next,
				next == null ? null : times.until(next), next == null ? null : times.at(next));
	}

	static List<JobRow> of(List<JobsOverview.Job> jobs, ConsoleTime times) {
		return jobs.stream().map(job -> of(job, times)).toList();
	}

	static String label(String outcome) {
		return outcome.replace('_', ' ');
	}

	/** The badge of a run's outcome; a run still running has none of the finished outcomes. */
	static String outcomeBadge(String outcome) {
		if (JobRun.RUNNING.equals(outcome)) {
			return "text-bg-primary";
		}
		return switch (JobOutcome.of(outcome)) {
			case SUCCEEDED -> "text-bg-success";
			case FAILED -> "text-bg-danger";
			case TIMED_OUT -> "text-bg-warning";
		};
	}

	private static String span(String isoDuration, ConsoleTime times) {
		return isoDuration == null ? "?" : times.span(Duration.parse(isoDuration));
	}

	private static String state(JobsOverview.Job job) {
		if (job.overdue()) {
			return "timed out, still returning";
		}
		return job.running() ? "running" : "idle";
	}

	private static String stateBadge(JobsOverview.Job job) {
		if (job.overdue()) {
			return "text-bg-danger";
		}
		return job.running() ? "text-bg-primary" : "text-bg-light border";
	}
}
