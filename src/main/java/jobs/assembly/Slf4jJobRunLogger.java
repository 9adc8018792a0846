package jobs.assembly;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.runner.JobOutcome;
import jobs.runner.JobRunLogger;
import platform.OutageLog;

/**
 * The runner's logger port on SLF4J. A job failing because the database or Temporal is away is
 * one WARN per outage and one INFO when it runs again ({@link OutageLog}); any other failure is a
 * bug and keeps its ERROR with the stack trace.
 */
@Component
class Slf4jJobRunLogger implements JobRunLogger {

	private static final Logger log = LoggerFactory.getLogger("jobs.runner");

	private final OutageLog outages;

	Slf4jJobRunLogger(OutageLog outages) {
		this.outages = outages;
	}

	@Override
	public void logRunFailure(String job, JobOutcome outcome, Duration duration, Throwable error) {
		if (outcome == JobOutcome.TIMED_OUT) {
			log.warn("Job {} timed out after {} and was interrupted; nothing new is admitted until it returns", job,
					duration);
		}
		else if (OutageLog.isOutage(error)) {
			outages.failed(component(job), error);
		}
		else {
			log.error("Job {} failed after {}", job, duration, error);
		}
	}

	@Override
	public void logRunSuccess(String job, Duration duration) {
		outages.succeeded(component(job));
	}

	@Override
	public void logLateReturn(String job, Duration elapsed) {
		log.warn("Job {} returned {} after it started, past its timeout; runs are admitted again", job, elapsed);
	}

	private static String component(String job) {
		return "Job " + job;
	}
}
