package jobs.runner;

import java.time.Duration;

/** Logger port of the runner, so the loop itself never depends on a logging framework. */
public interface JobRunLogger {

	/** An invocation failed ({@code error} is what it threw) or timed out ({@code error} describes the timeout). */
	void logRunFailure(String job, JobOutcome outcome, Duration duration, Throwable error);

	/** A timed-out invocation finally returned, {@code elapsed} after it started; the runner admits runs again. */
	void logLateReturn(String job, Duration elapsed);

	/** An invocation succeeded (ends a run of failures: the logger may say the job works again). */
	default void logRunSuccess(String job, Duration duration) {
	}
}
