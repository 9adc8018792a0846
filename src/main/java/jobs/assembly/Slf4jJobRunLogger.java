package jobs.assembly;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import jobs.runner.JobOutcome;
import jobs.runner.JobRunLogger;

/** The runner's logger port on SLF4J. */
@Component
class Slf4jJobRunLogger implements JobRunLogger {

	private static final Logger log = LoggerFactory.getLogger("jobs.runner");

	@Override
	public void logRunFailure(String job, JobOutcome outcome, Duration duration, Throwable error) {
		if (outcome == JobOutcome.TIMED_OUT) {
			log.warn("Job {} timed out after {} and was interrupted; nothing new is admitted until it returns", job,
					duration);
		}
		else {
			log.error("Job {} failed after {}", job, duration, error);
		}
	}

	@Override
	public void logLateReturn(String job, Duration elapsed) {
		log.warn("Job {} returned {} after it started, past its timeout; runs are admitted again", job, elapsed);
	}
}
