package jobs.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import jobs.runner.Recorder.Failure;
import jobs.runner.Recorder.Observation;

/**
 * Every runner rule, driven by a virtual clock ({@link ManualJobScheduler}) and callbacks the test
 * releases ({@link GatedCallback}): nothing here sleeps and hopes.
 */
class JobRunnerTests {

	static final Instant T0 = Instant.parse("2026-01-05T08:00:00Z");
	static final Duration INTERVAL = Duration.ofMinutes(1);
	// not a multiple of the interval, so a timeout and a tick never fall due at the same instant
	static final Duration TIMEOUT = Duration.ofSeconds(330);

	final ManualJobScheduler clock = new ManualJobScheduler(T0);
	final Recorder recorder = new Recorder();
	final List<JobRunner> runners = new ArrayList<>();

	@AfterEach
	void stopRunners() {
		runners.forEach(JobRunner::stop);
	}

	JobRunner runner(JobCallback callback) {
		JobRunner runner = new JobRunner(
				new JobRunner.Options("test_job", INTERVAL, TIMEOUT, callback, recorder, recorder, clock));
		runners.add(runner);
		return runner;
	}

	@Test
	void firstInvocationRunsAtStartThenOnePerTick() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);

		runner.start();
		assertThat(job.awaitStart()).isEqualTo(1);
		assertThat(runner.state().lastStartedAt()).isEqualTo(T0);
		assertThat(runner.state().nextRunAt()).isEqualTo(T0.plus(INTERVAL));
		job.release();
		assertThat(recorder.nextObservation()).isEqualTo(new Observation("test_job", JobOutcome.SUCCEEDED, Duration.ZERO));

		clock.advance(INTERVAL.minusSeconds(1));
		assertThat(runner.state().lastStartedAt()).as("no run before the tick").isEqualTo(T0);

		clock.advance(Duration.ofSeconds(1));
		assertThat(job.awaitStart()).isEqualTo(2);
		assertThat(runner.state().lastStartedAt()).isEqualTo(T0.plus(INTERVAL));
		assertThat(runner.state().nextRunAt()).isEqualTo(T0.plus(INTERVAL.multipliedBy(2)));
		job.release();
		recorder.nextObservation();
		assertThat(job.invocations()).isEqualTo(2);
	}

	@Test
	void ticksThatFindARunInFlightAreSkippedNotQueued() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);
		runner.start();
		job.awaitStart();

		clock.advance(INTERVAL.multipliedBy(3));
		assertThat(runner.state().lastStartedAt()).isEqualTo(T0);
		assertThat(runner.state().running()).isTrue();
		job.release();
		assertThat(recorder.nextObservation().duration()).isEqualTo(INTERVAL.multipliedBy(3));
		assertThat(runner.state().running()).isFalse();
		assertThat(runner.state().lastDuration()).isEqualTo(INTERVAL.multipliedBy(3));

		clock.advance(INTERVAL);
		assertThat(job.awaitStart()).as("the next tick runs, no burst of missed ticks").isEqualTo(2);
		assertThat(runner.state().lastStartedAt()).isEqualTo(T0.plus(INTERVAL.multipliedBy(4)));
		job.release();
		recorder.nextObservation();
		assertThat(job.invocations()).isEqualTo(2);
	}

	@Test
	void racingTriggersAndATickNeverOverlapAndCoalesceIntoOneFollowUp() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);
		runner.start();
		job.awaitStart();
		job.release();
		recorder.nextObservation();

		int triggers = 8;
		ExecutorService pool = Executors.newFixedThreadPool(triggers + 1);
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<TriggerResult>> results = new ArrayList<>();
			for (int i = 0; i < triggers; i++) {
				results.add(pool.submit(() -> {
					go.await();
					return runner.trigger();
				}));
			}
			Future<?> tick = pool.submit(() -> {
				go.await();
				clock.advance(INTERVAL);
				return null;
			});
			go.countDown();
			tick.get(10, TimeUnit.SECONDS);
			List<TriggerResult> outcomes = new ArrayList<>();
			for (Future<TriggerResult> result : results) {
				outcomes.add(result.get(10, TimeUnit.SECONDS));
			}

			// the first of the nine admitted the run (a trigger: STARTED, or the tick); at least
			// seven triggers then found it in flight: one queued a follow-up, the rest coalesced
			assertThat(outcomes).doesNotContain(TriggerResult.NOT_RUNNING);
			assertThat(outcomes).filteredOn(r -> r == TriggerResult.STARTED).hasSizeLessThanOrEqualTo(1);
			assertThat(outcomes).filteredOn(r -> r == TriggerResult.QUEUED).hasSize(1);
			assertThat(runner.state().queued()).isTrue();
		}
		finally {
			pool.shutdownNow();
		}

		assertThat(job.awaitStart()).isEqualTo(2);
		job.release();
		assertThat(job.awaitStart()).as("the queued follow-up runs once the first returns").isEqualTo(3);
		job.release();
		recorder.nextObservation();
		recorder.nextObservation();
		assertThat(runner.drain(Duration.ofSeconds(10))).isTrue();
		assertThat(job.invocations()).isEqualTo(3);
		assertThat(job.maxActive()).as("never two invocations at once").isEqualTo(1);
		assertThat(runner.state().queued()).isFalse();
	}

	@Test
	void triggerOnAnIdleRunnerStartsAtOnce() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);
		assertThat(runner.trigger()).as("not started yet").isEqualTo(TriggerResult.NOT_RUNNING);
		runner.start();
		job.awaitStart();
		job.release();
		recorder.nextObservation();

		clock.advance(Duration.ofSeconds(10));
		assertThat(runner.trigger()).isEqualTo(TriggerResult.STARTED);
		assertThat(job.awaitStart()).isEqualTo(2);
		assertThat(runner.state().lastStartedAt()).isEqualTo(T0.plusSeconds(10));
		assertThat(runner.state().nextRunAt()).as("a trigger does not move the ticks").isEqualTo(T0.plus(INTERVAL));
		job.release();
		recorder.nextObservation();
	}

	@Test
	void aTimeoutInterruptsTheCallbackAndIsRecordedAsTimedOut() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);
		runner.start();
		job.awaitStart();

		clock.advance(TIMEOUT);
		assertThat(recorder.nextObservation()).isEqualTo(new Observation("test_job", JobOutcome.TIMED_OUT, TIMEOUT));
		assertThat(job.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
		Failure failure = recorder.nextFailure();
		assertThat(failure.outcome()).isEqualTo(JobOutcome.TIMED_OUT);
		assertThat(runner.drain(Duration.ofSeconds(10))).isTrue();
		assertThat(runner.state().lastOutcome()).isEqualTo(JobOutcome.TIMED_OUT);
		assertThat(runner.state().lastError()).contains("timed out after PT5M30S");
		assertThat(recorder.observations).as("the interrupted return is not a second outcome").isEmpty();
		assertThat(recorder.nextLateReturn()).isEqualTo(TIMEOUT);

		clock.advance(INTERVAL);
		assertThat(job.awaitStart()).as("the loop goes on").isEqualTo(2);
		job.release();
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.SUCCEEDED);
	}

	@Test
	void aTimedOutCallbackThatIgnoresTheInterruptBlocksAdmissionUntilItReallyReturns() throws Exception {
		GatedCallback job = GatedCallback.stubborn();
		JobRunner runner = runner(job);
		runner.start();
		job.awaitStart();

		clock.advance(TIMEOUT);
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.TIMED_OUT);
		assertThat(job.interrupted.await(10, TimeUnit.SECONDS)).as("the callback was interrupted").isTrue();
		JobRunnerState zombie = runner.state();
		assertThat(zombie.running()).isTrue();
		assertThat(zombie.overdue()).isTrue();
		assertThat(zombie.lastOutcome()).isEqualTo(JobOutcome.TIMED_OUT);

		assertThat(runner.trigger()).as("no second run next to the zombie").isEqualTo(TriggerResult.QUEUED);
		clock.advance(INTERVAL.multipliedBy(3));
		assertThat(runner.state().lastStartedAt()).as("ticks admit nothing either").isEqualTo(T0);
		assertThat(job.invocations()).isEqualTo(1);

		job.release();
		assertThat(recorder.nextLateReturn()).isEqualTo(TIMEOUT.plus(INTERVAL.multipliedBy(3)));
		assertThat(job.awaitStart()).as("the queued trigger runs once the zombie returned").isEqualTo(2);
		assertThat(recorder.observations).as("the late return records no outcome").isEmpty();
		assertThat(job.maxActive()).isEqualTo(1);
		job.release();
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.SUCCEEDED);
	}

	@Test
	void stopAdmitsNothingNewAndDrainWaitsForTheRunInFlight() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);
		runner.start();
		job.awaitStart();
		assertThat(runner.trigger()).isEqualTo(TriggerResult.QUEUED);

		runner.stop();
		assertThat(runner.trigger()).isEqualTo(TriggerResult.NOT_RUNNING);
		clock.advance(INTERVAL.multipliedBy(2));
		JobRunnerState stopped = runner.state();
		assertThat(stopped.stopped()).isTrue();
		assertThat(stopped.queued()).as("stop drops the queued trigger").isFalse();
		assertThat(stopped.nextRunAt()).isNull();
		assertThat(stopped.lastStartedAt()).isEqualTo(T0);
		assertThat(runner.drain(Duration.ZERO)).as("still in flight").isFalse();

		CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> {
			try {
				return runner.drain(Duration.ofSeconds(30));
			}
			catch (InterruptedException e) {
				throw new IllegalStateException(e);
			}
		});
		assertThat(drained).as("drain waits while the run is blocked").isNotDone();
		job.release();
		assertThat(drained.get(10, TimeUnit.SECONDS)).isTrue();
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.SUCCEEDED);
		assertThat(runner.state().running()).isFalse();
		assertThat(job.invocations()).isEqualTo(1);
	}

	@Test
	void interruptEndsARunThatDidNotDrainInTime() throws Exception {
		GatedCallback job = GatedCallback.cooperative();
		JobRunner runner = runner(job);
		runner.start();
		job.awaitStart();
		runner.stop();
		assertThat(runner.drain(Duration.ZERO)).isFalse();

		runner.interrupt();

		assertThat(job.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(runner.drain(Duration.ofSeconds(10))).isTrue();
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.FAILED);
		assertThat(recorder.nextFailure().error()).isInstanceOf(InterruptedException.class);
	}

	@Test
	void failuresAreLoggedAndRecordedAndTheLoopGoesOn() throws Exception {
		AtomicInteger calls = new AtomicInteger();
		JobRunner runner = runner(() -> {
			switch (calls.incrementAndGet()) {
				case 1 -> throw new IllegalStateException("boom");
				case 2 -> throw new AssertionError("even an Error");
				default -> {
				}
			}
		});
		runner.start();

		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.FAILED);
		Failure failure = recorder.nextFailure();
		assertThat(failure.job()).isEqualTo("test_job");
		assertThat(failure.outcome()).isEqualTo(JobOutcome.FAILED);
		assertThat(failure.error()).hasMessage("boom");
		assertThat(runner.state().lastOutcome()).isEqualTo(JobOutcome.FAILED);
		assertThat(runner.state().lastError()).isEqualTo("IllegalStateException: boom");

		clock.advance(INTERVAL);
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.FAILED);
		assertThat(recorder.nextFailure().error()).isInstanceOf(AssertionError.class);

		clock.advance(INTERVAL);
		assertThat(recorder.nextObservation().outcome()).isEqualTo(JobOutcome.SUCCEEDED);
		assertThat(runner.drain(Duration.ofSeconds(10))).isTrue();
		assertThat(runner.state().lastOutcome()).isEqualTo(JobOutcome.SUCCEEDED);
		assertThat(runner.state().lastError()).isNull();
		assertThat(recorder.failures).isEmpty();
	}

	@Test
	void optionsRejectMissingNamesAndNonPositiveDurations() {
		JobCallback noop = () -> {
		};
		assertThatThrownBy(() -> new JobRunner.Options(" ", INTERVAL, TIMEOUT, noop, recorder, recorder, clock))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new JobRunner.Options("j", Duration.ZERO, TIMEOUT, noop, recorder, recorder, clock))
			.hasMessageContaining("interval must be positive");
		assertThatThrownBy(() -> new JobRunner.Options("j", INTERVAL, Duration.ofSeconds(-1), noop, recorder, recorder,
				clock))
			.hasMessageContaining("timeout must be positive");
	}
}
