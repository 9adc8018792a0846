package jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Metrics and logger ports that queue what they get, so a test can wait for each report. */
final class Recorder implements JobRunMetrics, JobRunLogger {

	record Observation(String job, JobOutcome outcome, Duration duration) {
	}

	record Failure(String job, JobOutcome outcome, Duration duration, Throwable error) {
	}

	final BlockingQueue<Observation> observations = new LinkedBlockingQueue<>();
	final BlockingQueue<Failure> failures = new LinkedBlockingQueue<>();
	final BlockingQueue<Duration> lateReturns = new LinkedBlockingQueue<>();

	@Override
	public void record(String job, JobOutcome outcome, Duration duration) {
		observations.add(new Observation(job, outcome, duration));
	}

	@Override
	public void logRunFailure(String job, JobOutcome outcome, Duration duration, Throwable error) {
		failures.add(new Failure(job, outcome, duration, error));
	}

	@Override
	public void logLateReturn(String job, Duration elapsed) {
		lateReturns.add(elapsed);
	}

	Observation nextObservation() throws InterruptedException {
		return next(observations, "metrics observation");
	}

	Failure nextFailure() throws InterruptedException {
		return next(failures, "logged failure");
	}

	Duration nextLateReturn() throws InterruptedException {
		return next(lateReturns, "late return");
	}

	static <T> T next(BlockingQueue<T> queue, String what) throws InterruptedException {
		T item = queue.poll(10, TimeUnit.SECONDS);
		assertThat(item).as("waited 10 s for a " + what).isNotNull();
		return item;
	}
}
