package jobs.web;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jobs.runner.JobOutcome;
import jobs.store.JobRun;
import platform.Badge;
import platform.Badge.Tone;
import platform.ConsoleTime;

/**
 * One job as the jobs page shows it, across the live instances that run it: texts and badges,
 * times as the console shows them ({@link ConsoleTime}). The last run is the newest finished one of any instance.
 */
record JobRow(String name, String interval, String timeout, String instances, Badge state,
		boolean queued, Instant lastStartedAt, String lastStartedAgo, String lastStartedAbsolute, String lastDuration,
		Badge lastOutcome, String lastError, String lastInstance, Instant nextRunAt,
		String nextRunIn, String nextRunAbsolute) {

	static JobRow of(JobsOverview.Job job, ConsoleTime times) {
		JobRun last = job.lastRun();
		Instant started = last == null ? null : last.startedAt();
		Instant next = job.nextRunAt();
		return new JobRow(job.name(), span(job.sample().interval(), times), span(job.sample().timeout(), times),
				String.join(", ", job.instances()), state(job), job.queued(), started,
				started == null ? null : times.when(started), started == null ? null : times.at(started),
				last == null || last.duration() == null ? null : times.elapsed(last.duration()),
				last == null ? null : outcome(last.outcome()),
				last == null ? null : last.error(), last == null ? null : last.instanceId(), next,
				next == null ? null : times.until(next), next == null ? null : times.at(next));
	}

	static List<JobRow> of(List<JobsOverview.Job> jobs, ConsoleTime times) {
		return jobs.stream().map(job -> of(job, times)).toList();
	}

	/** The badge of a run's outcome. */
	static Badge outcome(JobOutcome outcome) {
		return Badge.of(outcome, switch (outcome) {
			case RUNNING -> Tone.PRIMARY;
			case SUCCEEDED -> Tone.SUCCESS;
			case FAILED -> Tone.DANGER;
			case TIMED_OUT -> Tone.WARNING;
		});
	}

	private static String span(String isoDuration, ConsoleTime times) {
		return isoDuration == null ? "?" : times.span(Duration.parse(isoDuration));
	}

	private static Badge state(JobsOverview.Job job) {
		if (job.overdue()) {
			return new Badge("timed out, still returning", Tone.DANGER);
		}
		return job.running() ? new Badge("running", Tone.PRIMARY) : new Badge("idle", Tone.LIGHT);
	}
}
